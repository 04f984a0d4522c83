package normalize

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies: the normalizer stands on its own. It imports neither
// the corpus (documents and their segmentation) nor the engine (games and
// rule IDs); joining text to rules is the link package's job.
func TestDependencies(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the dependencies with")
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/pasyans/pasyans/corpus", "github.com/pasyans/pasyans/engine", "github.com/pasyans/pasyans/link"} {
			if dep == banned {
				t.Errorf("normalize depends on %s", dep)
			}
		}
	}
}
