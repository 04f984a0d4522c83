#!/usr/bin/env bash
# test-cluster.sh: the product's Slurm job array on a real one-node Slurm
# cluster (make test-cluster; docs/cluster.md).
#
# It installs Debian's slurmctld, slurmd, slurm-client and munge if missing,
# starts munged, slurmctld and slurmd in a scratch folder (its own key,
# config, state and ports 16817/16818, so it cannot clash with a site's
# Slurm), then:
#
#   1. plays a tournament (all games × greedy, book and the solver) in one
#      process, and the same tournament as an array of K = 4 shards submitted
#      with deploy/slurm/pasyans-array.sh; report --verify must pass and the
#      rows (scripts/rowhash) must equal the one process's;
#   2. submits the array again, cancels task 2 while it runs, and checks that
#      report --verify refuses the folder naming shard 2; redoes only that
#      shard (-r 2) and checks verify and the rows again.
#
# The daemons are stopped by their PIDs when the script exits, also on
# failure. Not root, or Slurm cannot be installed: it says so and exits 0
# (skipped). CLUSTER_DEALS (default 48) and CLUSTER_SOLVER_NODES (default
# 100000) size the tournament; CLUSTER_KEEP=1 keeps the scratch folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$HOME/go/bin:$PATH"

DEALS=${CLUSTER_DEALS:-48}
NODES=${CLUSTER_SOLVER_NODES:-100000}
K=4
START=$(date +%s.%N)

log() { echo "test-cluster: $*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
skip() { log "SKIPPED: $*"; exit 0; }
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# The packing of shards into array tasks (more shards than MaxArraySize, or
# a -r list), checked without Slurm: the array script's task mode with a
# stand-in command that prints the shard index it is given.
packed() { # packed LIST TASKS K: the shard indices the TASKS tasks play
	local t
	for ((t = 0; t < $2; t++)); do
		SLURM_ARRAY_TASK_ID=$t deploy/slurm/pasyans-array.sh -T "$1" -t "$2" -k "$3" -o /nonexistent -- \
			sh -c 'while [ "$1" != --shard-index ]; do shift; done; echo "$2"' sh 2>/dev/null
	done | xargs
}
[ "$(packed 0-6 3 7)" = "0 1 2 3 4 5 6" ] || fail "7 shards in 3 array tasks play: $(packed 0-6 3 7)"
[ "$(packed 2,5-6 2 7)" = "2 5 6" ] || fail "-r 2,5-6 in 2 array tasks plays: $(packed 2,5-6 2 7)"

[ "$(id -u)" = 0 ] || skip "needs root (it installs Slurm and starts its daemons); run it as root for the cluster test"

need=()
for c in slurmctld slurmd sbatch munged mungekey; do command -v "$c" >/dev/null || need+=("$c"); done
if [ ${#need[@]} -gt 0 ]; then
	command -v apt-get >/dev/null || skip "Slurm is not installed (${need[*]} missing) and there is no apt-get to install it"
	t=$(date +%s.%N)
	log "installing slurmctld slurmd slurm-client munge (${need[*]} missing)"
	if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		slurmctld slurmd slurm-client munge; } >/dev/null 2>&1; then
		skip "could not install Slurm with apt-get (no network or no Debian archive?)"
	fi
	log "installed in $(since "$t") s"
fi

S=$(mktemp -d /tmp/pasyans-cluster.XXXXXX)
chmod 755 "$S" # munged runs as the munge user and must reach its folder
PIDS=()        # the daemons, stopped in reverse order

teardown() {
	local rc=$? i p
	set +e
	for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
		p=${PIDS[i]}
		kill "$p" 2>/dev/null || continue
		for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$p" 2>/dev/null
	done
	if [ "$rc" != 0 ]; then
		for f in "$S"/munge/munged.log "$S"/slurmctld.log "$S"/slurmd.log "$S"/*/logs/*.log; do
			[ -f "$f" ] && { echo "--- $f (last lines)"; tail -n 20 "$f"; } >&2
		done
	fi
	if [ "${CLUSTER_KEEP:-}" = 1 ]; then log "kept $S"; else rm -rf "$S"; fi
	exit "$rc"
}
trap teardown EXIT
trap 'exit 130' INT TERM

# --- munge: a fresh key and its own socket ---------------------------------
M=$S/munge
mkdir -p "$M"
mungekey -c -k "$M/munge.key" >/dev/null
chown -R munge:munge "$M"
chmod 755 "$M"
runuser -u munge -- munged --socket="$M/munge.socket" --key-file="$M/munge.key" \
	--pid-file="$M/munged.pid" --log-file="$M/munged.log" --seed-file="$M/munged.seed" ||
	fail "munged did not start"
PIDS+=("$(cat "$M/munged.pid")")

# --- slurm.conf for one node on 127.0.0.1 -------------------------------------
HOST=$(hostname -s)
CPUS=$(nproc)
mkdir -p "$S/state" "$S/spool"
export SLURM_CONF=$S/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=pasyans-test
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$M/munge.socket
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MinJobAge=300
KillWait=10
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF

# setsid: a timeout around this script does not signal the daemons; they
# are stopped by PID in teardown.
setsid slurmctld -D -f "$SLURM_CONF" >"$S/slurmctld.out" 2>&1 &
PIDS+=($!)
setsid slurmd -D -f "$SLURM_CONF" >"$S/slurmd.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do
	[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
	sleep 0.2
done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || fail "the node did not come up idle: $(sinfo 2>&1 | tail -n 1)"
log "cluster up on $HOST ($CPUS CPUs) in $(since "$START") s from the start"

# --- the tournament ----------------------------------------------------------
go build -o "$S/bin/pasyans" ./cmd/pasyans
go build -o "$S/bin/rowhash" ./scripts/rowhash
P=$S/bin/pasyans
CMD=("$P" tournament --games all --strategies greedy,book,solver --param "solver:nodes=$NODES"
	--deals "$DEALS" --seed 2026 --quiet)
ARRAY=deploy/slurm/pasyans-array.sh

t=$(date +%s.%N)
"${CMD[@]}" --out "$S/one" >/dev/null
ONE=$(since "$t")
"$S/bin/rowhash" "$S/one" >"$S/one.hash"
log "one process: $(tail -n 1 "$S/one.hash") in $ONE s"

# verify_rows DIR: report --verify passes and the rows equal the one process's.
verify_rows() {
	"$P" report --verify "$1" >/dev/null 2>"$S/verify.err" || fail "report --verify $1: $(cat "$S/verify.err")"
	"$S/bin/rowhash" "$1" >"$S/rows.hash"
	diff "$S/one.hash" "$S/rows.hash" >&2 || fail "the rows of $1 differ from the one process's"
}

# submit ARGS…: submits the array script with ARGS and prints the job ID.
submit() {
	local out
	out=$("$ARRAY" "$@" 2>"$S/submit.err") || fail "pasyans-array.sh $*: $(cat "$S/submit.err")"
	[[ ${out##* } =~ ^[0-9]+$ ]] || fail "sbatch said '$out', want 'Submitted batch job N'"
	echo "${out##* }"
}
# state JOB: the states of JOB's tasks that have not ended (squeue -j alone
# lists ended tasks too, for MinJobAge).
state() { squeue -h -j "$1" -t PENDING,CONFIGURING,RUNNING,COMPLETING,SUSPENDED -o %T 2>/dev/null || true; }
# wait_job JOB: waits until no task of JOB is pending or running (polling
# squeue every 0.2 s: sbatch --wait polls at up to 30 s intervals), then
# prints the tasks' states, one a line.
wait_job() {
	for _ in $(seq 3000); do
		[ -z "$(state "$1")" ] && break
		sleep 0.2
	done
	[ -z "$(state "$1")" ] || fail "job $1 did not end in 10 minutes"
	scontrol show job "$1" | grep -o 'JobState=[A-Z]*' | cut -d= -f2
}

t=$(date +%s.%N)
JOB=$(submit -k $K -o "$S/array" -n $K -- "${CMD[@]}")
states=$(wait_job "$JOB" | sort | uniq -c | xargs)
ARR=$(since "$t")
[ "$states" = "$K COMPLETED" ] || fail "the array of $K shards ended: $states (logs in $S/array/logs)"
verify_rows "$S/array"
[ "$(ls "$S/array/logs" | wc -l)" = $K ] || fail "want $K task logs in $S/array/logs, got: $(ls "$S/array/logs")"
log "array of $K shards (job $JOB): verified, rows equal, in $ARR s"

# --- a task killed mid-run, then redone ---------------------------------------
JOB=$(submit -k $K -o "$S/retry" -n $K -- "${CMD[@]}")
for _ in $(seq 600); do
	[ "$(state "${JOB}_2")" = RUNNING ] && break
	sleep 0.1
done
[ "$(state "${JOB}_2")" = RUNNING ] || fail "task ${JOB}_2 did not start"
sleep 1
scancel "${JOB}_2"
wait_job "$JOB" >/dev/null
st=$(scontrol show job "${JOB}_2" | grep -o 'JobState=[A-Z]*' || true)
[ "$st" = JobState=CANCELLED ] || fail "task ${JOB}_2 ended $st, want CANCELLED (was it over before the scancel?)"
if "$P" report --verify "$S/retry" >/dev/null 2>"$S/verify.err"; then
	fail "report --verify passed on a folder whose shard 2 was cancelled"
fi
grep -Eq 'shard 2 of 4 is incomplete|missing shards \[2\] of 4' "$S/verify.err" ||
	fail "report --verify does not name shard 2: $(cat "$S/verify.err")"
log "task ${JOB}_2 cancelled; verify refuses: $(sed 's/.*not a complete run: //' "$S/verify.err")"
t=$(date +%s.%N)
JOB=$(submit -k $K -o "$S/retry" -r 2 -- "${CMD[@]}")
states=$(wait_job "$JOB" | xargs)
[ "$states" = COMPLETED ] || fail "redoing shard 2 (job $JOB) ended $states"
verify_rows "$S/retry"
log "shard 2 redone (job $JOB) in $(since "$t") s: verified, rows equal"

log "PASS in $(since "$START") s (one process ${ONE} s, array of $K ${ARR} s, $DEALS deals, $CPUS CPUs)"
