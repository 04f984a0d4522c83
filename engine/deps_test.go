package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDeps checks the package edge of the engine: it imports nothing of
// the project (go list -deps names no package of the module but engine
// itself).
func TestDeps(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	const self = "github.com/pasyans/pasyans/engine"
	n := 0
	for _, p := range strings.Fields(string(out)) {
		if p == self {
			n++
			continue
		}
		if strings.HasPrefix(p, "github.com/pasyans/pasyans/") || p == "github.com/pasyans/pasyans" {
			t.Errorf("engine depends on %s; it must import nothing of the project", p)
		}
	}
	if n != 1 {
		t.Fatalf("go list -deps did not list %s:\n%s", self, out)
	}
}
