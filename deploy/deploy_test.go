// Package deploy holds the scheduler files (Slurm, Kubernetes) and their
// tests; it has no Go code of its own.
package deploy

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/sim"
)

// node is a YAML value of the block subset the manifests use: a mapping,
// a sequence or a scalar.
type node struct {
	m    map[string]*node
	s    []*node
	text string
}

type line struct {
	indent int
	text   string
	no     int
}

// parseYAML reads the block subset of YAML the manifests are written in
// (mappings, sequences, plain or quoted scalars, one-line flow sequences of
// scalars, comments). Anything else is an error rather than a guess, so a
// manifest edited beyond the subset fails the test instead of passing it
// unchecked. The module has no YAML library, and this test adds none.
func parseYAML(src string) (*node, error) {
	var ls []line
	for i, t := range strings.Split(src, "\n") {
		trim := strings.TrimSpace(t)
		if trim == "" || strings.HasPrefix(trim, "#") || trim == "---" {
			continue
		}
		if strings.ContainsAny(trim, "&*|>{") {
			return nil, fmt.Errorf("line %d: %q is outside the YAML subset this test reads", i+1, trim)
		}
		ls = append(ls, line{len(t) - len(strings.TrimLeft(t, " ")), trim, i + 1})
	}
	n, rest, err := block(ls, 0)
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("line %d: unexpected indentation", rest[0].no)
	}
	return n, nil
}

// block parses the lines at indentation ind into one value.
func block(ls []line, ind int) (*node, []line, error) {
	if len(ls) == 0 || ls[0].indent != ind {
		return nil, ls, fmt.Errorf("want a block at indentation %d", ind)
	}
	if strings.HasPrefix(ls[0].text, "- ") || ls[0].text == "-" {
		n := &node{}
		for len(ls) > 0 && ls[0].indent == ind && strings.HasPrefix(ls[0].text, "-") {
			item := strings.TrimSpace(strings.TrimPrefix(ls[0].text, "-"))
			if !strings.Contains(item, ": ") && !strings.HasSuffix(item, ":") {
				n.s = append(n.s, scalar(item))
				ls = ls[1:]
				continue
			}
			// "- key: v" starts a mapping indented two more.
			sub := append([]line{{ind + 2, item, ls[0].no}}, ls[1:]...)
			v, rest, err := block(sub, ind+2)
			if err != nil {
				return nil, nil, err
			}
			n.s = append(n.s, v)
			ls = rest
		}
		return n, ls, nil
	}
	n := &node{m: map[string]*node{}}
	for len(ls) > 0 && ls[0].indent == ind {
		k, v, ok := strings.Cut(ls[0].text, ":")
		if !ok {
			return nil, nil, fmt.Errorf("line %d: want key: value", ls[0].no)
		}
		v = strings.TrimSpace(v)
		no := ls[0].no
		ls = ls[1:]
		if _, dup := n.m[k]; dup {
			return nil, nil, fmt.Errorf("line %d: key %s twice", no, k)
		}
		switch {
		case v != "" && strings.HasPrefix(v, "["):
			if !strings.HasSuffix(v, "]") {
				return nil, nil, fmt.Errorf("line %d: a flow sequence must end on its line", no)
			}
			f := &node{}
			for _, e := range strings.Split(strings.Trim(v, "[]"), ",") {
				f.s = append(f.s, scalar(strings.TrimSpace(e)))
			}
			n.m[k] = f
		case v != "":
			n.m[k] = scalar(v)
		case len(ls) > 0 && ls[0].indent > ind:
			sub, rest, err := block(ls, ls[0].indent)
			if err != nil {
				return nil, nil, err
			}
			n.m[k], ls = sub, rest
		case len(ls) > 0 && ls[0].indent == ind && strings.HasPrefix(ls[0].text, "- "):
			sub, rest, err := block(ls, ind) // a sequence at the key's indentation
			if err != nil {
				return nil, nil, err
			}
			n.m[k], ls = sub, rest
		default:
			n.m[k] = &node{}
		}
	}
	return n, ls, nil
}

func scalar(s string) *node {
	if u, err := strconv.Unquote(s); err == nil && strings.HasPrefix(s, `"`) {
		s = u
	}
	return &node{text: s}
}

// get walks a path of mapping keys and sequence indices.
func (n *node) get(t *testing.T, path ...string) *node {
	t.Helper()
	cur := n
	for i, p := range path {
		if cur != nil && cur.m != nil {
			cur = cur.m[p]
		} else if j, err := strconv.Atoi(p); err == nil && cur != nil && j < len(cur.s) {
			cur = cur.s[j]
		} else {
			cur = nil
		}
		if cur == nil {
			t.Fatalf("manifest lacks %s", strings.Join(path[:i+1], "."))
		}
	}
	return cur
}

func (n *node) int(t *testing.T, path ...string) int {
	t.Helper()
	v, err := strconv.Atoi(n.get(t, path...).text)
	if err != nil {
		t.Fatalf("%s: want an integer, got %q", strings.Join(path, "."), n.get(t, path...).text)
	}
	return v
}

// TestIndexedJobManifest checks deploy/k8s/pasyans-indexed-job.yaml as
// Kubernetes and pasyans read it: an Indexed batch/v1 Job whose
// completions are the shard count the product computes from the pod's
// environment (JOB_COMPLETION_INDEX, set by Kubernetes, and
// PASYANS_SHARD_COUNT from the manifest), per-index retries that continue
// their shard (--resume), one shared --out and no shard flags.
func TestIndexedJobManifest(t *testing.T) {
	data, err := os.ReadFile("k8s/pasyans-indexed-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	y, err := parseYAML(string(data))
	if err != nil {
		t.Fatalf("k8s/pasyans-indexed-job.yaml: %v", err)
	}
	for path, want := range map[string]string{"apiVersion": "batch/v1", "kind": "Job", "spec.completionMode": "Indexed",
		"spec.template.spec.restartPolicy": "Never"} {
		if got := y.get(t, strings.Split(path, ".")...).text; got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	completions, parallelism := y.int(t, "spec", "completions"), y.int(t, "spec", "parallelism")
	if completions < 1 || parallelism < 1 || parallelism > completions {
		t.Errorf("completions %d, parallelism %d: want 1 ≤ parallelism ≤ completions", completions, parallelism)
	}
	if y.int(t, "spec", "backoffLimitPerIndex") < 1 {
		t.Error("spec.backoffLimitPerIndex: want retries per index (a failed shard is retried with its index)")
	}
	cs := y.get(t, "spec", "template", "spec", "containers")
	if len(cs.s) != 1 {
		t.Fatalf("want one container, got %d", len(cs.s))
	}
	c := cs.s[0]
	env := map[string]string{}
	for _, e := range c.get(t, "env").s {
		env[e.get(t, "name").text] = e.get(t, "value").text
	}
	var args []string
	for _, a := range c.get(t, "args").s {
		args = append(args, a.text)
	}
	joined := " " + strings.Join(args, " ") + " "
	if args[0] != "tournament" || !strings.Contains(joined, " --resume ") || !strings.Contains(joined, " --out=/") {
		t.Errorf("args %q: want tournament … --out=/… --resume", args)
	}
	if strings.Contains(joined, "--shard-") || strings.Contains(joined, "--force") {
		t.Errorf("args %q: the shard comes from the environment, and --force would remove the other shards' files", args)
	}
	// Every index the Job runs maps to its own shard of completions.
	for _, i := range []int{0, completions - 1} {
		getenv := func(k string) string {
			if k == "JOB_COMPLETION_INDEX" {
				return strconv.Itoa(i)
			}
			return env[k]
		}
		sh, err := sim.ShardFromEnv(getenv, 0)
		if err != nil {
			t.Fatalf("index %d: %v", i, err)
		}
		if sh.Index != i || sh.Count != completions {
			t.Errorf("index %d: pasyans reads shard %d of %d, want %d of %d (keep PASYANS_SHARD_COUNT equal to completions)", i, sh.Index, sh.Count, i, completions)
		}
	}
}

// TestParseYAMLRefuses: the reader fails on what it does not understand.
func TestParseYAMLRefuses(t *testing.T) {
	for _, src := range []string{"a: &x 1", "a: |\n  text", "a: {b: 1}", "a: 1\na: 2", "a:\n  - b\n c: 1"} {
		if _, err := parseYAML(src); err == nil {
			t.Errorf("parseYAML(%q): no error", src)
		}
	}
}
