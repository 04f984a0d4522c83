package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// cliDocPath is the command reference generated from the commands' help.
const cliDocPath = "../../docs/cli.md"

// TestCLIReference checks that docs/cli.md is the help of every command as
// the binary prints it, so the reference cannot drift from the code. Run
// "make docs" (UPDATE_CLI_DOCS=1) to regenerate it after changing a command.
func TestCLIReference(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("# pasyans command reference\n\n")
	b.WriteString("Generated from the commands' own help by `make docs`; a test fails when it is out of date.\n")
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || (c.HasParent() && c.Parent().Name() == "completion") {
			return
		}
		c.InitDefaultHelpFlag()
		c.InitDefaultVersionFlag()
		var h bytes.Buffer
		c.SetOut(&h)
		c.SetErr(&h)
		if err := c.Help(); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n## %s\n\n```text\n%s\n```\n", c.CommandPath(), strings.TrimRight(h.String(), "\n"))
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	root := newRootCmd(&ioStreams{in: strings.NewReader(""), out: io.Discard, errOut: io.Discard})
	root.InitDefaultCompletionCmd()
	walk(root)
	if os.Getenv("UPDATE_CLI_DOCS") != "" {
		if err := os.WriteFile(filepath.FromSlash(cliDocPath), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(filepath.FromSlash(cliDocPath))
	if err != nil {
		t.Fatalf("%v (run make docs)", err)
	}
	if !bytes.Equal(want, b.Bytes()) {
		t.Errorf("docs/cli.md is out of date with the commands' help: run make docs")
	}
}
