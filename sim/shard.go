package sim

import (
	"fmt"
	"strconv"
	"strings"
)

// ShardRange returns the deal-index range [lo, hi) of shard index of count
// over n deals: [index·n/count, (index+1)·n/count). The K ranges of one n
// are disjoint and cover [0, n) exactly.
func ShardRange(n int64, index, count int) (lo, hi int64) {
	if count <= 0 || index < 0 || index >= count || n <= 0 {
		return 0, 0
	}
	// floor(index·n/count) without overflowing n·index.
	lo = n / int64(count) * int64(index)
	lo += n % int64(count) * int64(index) / int64(count)
	hi = n / int64(count) * int64(index+1)
	hi += n % int64(count) * int64(index+1) / int64(count)
	return lo, hi
}

// Shard is a shard index and count, and where they came from.
type Shard struct {
	Index, Count int
	// Source names the flag or environment variables that set them
	// ("flags", "JOB_COMPLETION_INDEX", …; "" for the unsharded default).
	Source string
}

// ShardFromEnv returns the shard of this process from a batch scheduler's
// environment, read through getenv (os.Getenv in the CLI). countHint is a
// shard count given on the command line (0 if none); schedulers whose
// environment lacks the count need it or PASYANS_SHARD_COUNT. Checked in
// order:
//
//	Kubernetes Indexed Job  JOB_COMPLETION_INDEX; count from countHint or PASYANS_SHARD_COUNT
//	Slurm job array         SLURM_ARRAY_TASK_ID; count from SLURM_ARRAY_TASK_COUNT, else
//	                        SLURM_ARRAY_TASK_MAX−MIN+1; index is ID−MIN (MIN defaults to 0)
//	AWS Batch array job     AWS_BATCH_JOB_ARRAY_INDEX; count from countHint or PASYANS_SHARD_COUNT
//	Google Cloud Run job    CLOUD_RUN_TASK_INDEX and CLOUD_RUN_TASK_COUNT
//
// With none of them set it returns the single shard {0, 1}; a countHint
// above 1 without any index is an error.
func ShardFromEnv(getenv func(string) string, countHint int) (Shard, error) {
	num := func(name string) (int, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, true, fmt.Errorf("environment %s=%q: want a non-negative integer", name, v)
		}
		return n, true, nil
	}
	countFrom := func(src string) (int, error) {
		if countHint > 0 {
			return countHint, nil
		}
		c, ok, err := num("PASYANS_SHARD_COUNT")
		if err != nil {
			return 0, err
		}
		if !ok || c == 0 {
			return 0, fmt.Errorf("%s is set but the shard count is unknown: pass --shard-count or set PASYANS_SHARD_COUNT", src)
		}
		return c, nil
	}
	check := func(s Shard) (Shard, error) {
		if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
			return Shard{}, fmt.Errorf("%s: shard index %d out of range for count %d", s.Source, s.Index, s.Count)
		}
		return s, nil
	}
	if i, ok, err := num("JOB_COMPLETION_INDEX"); err != nil {
		return Shard{}, err
	} else if ok {
		c, err := countFrom("JOB_COMPLETION_INDEX")
		if err != nil {
			return Shard{}, err
		}
		return check(Shard{Index: i, Count: c, Source: "JOB_COMPLETION_INDEX"})
	}
	if id, ok, err := num("SLURM_ARRAY_TASK_ID"); err != nil {
		return Shard{}, err
	} else if ok {
		lo, _, err := num("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return Shard{}, err
		}
		c, okc, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return Shard{}, err
		}
		if !okc {
			hi, okh, err := num("SLURM_ARRAY_TASK_MAX")
			if err != nil {
				return Shard{}, err
			}
			if okh {
				c, okc = hi-lo+1, true
			}
		}
		if !okc {
			if c, err = countFrom("SLURM_ARRAY_TASK_ID"); err != nil {
				return Shard{}, err
			}
		}
		return check(Shard{Index: id - lo, Count: c, Source: "SLURM_ARRAY_TASK_ID"})
	}
	if i, ok, err := num("AWS_BATCH_JOB_ARRAY_INDEX"); err != nil {
		return Shard{}, err
	} else if ok {
		c, err := countFrom("AWS_BATCH_JOB_ARRAY_INDEX")
		if err != nil {
			return Shard{}, err
		}
		return check(Shard{Index: i, Count: c, Source: "AWS_BATCH_JOB_ARRAY_INDEX"})
	}
	if i, ok, err := num("CLOUD_RUN_TASK_INDEX"); err != nil {
		return Shard{}, err
	} else if ok {
		c, okc, err := num("CLOUD_RUN_TASK_COUNT")
		if err != nil {
			return Shard{}, err
		}
		if !okc {
			return Shard{}, fmt.Errorf("CLOUD_RUN_TASK_INDEX is set but CLOUD_RUN_TASK_COUNT is not")
		}
		return check(Shard{Index: i, Count: c, Source: "CLOUD_RUN_TASK_INDEX"})
	}
	if countHint > 1 {
		return Shard{}, fmt.Errorf("--shard-count %d given without --shard-index and no scheduler index in the environment", countHint)
	}
	return Shard{Index: 0, Count: 1}, nil
}
