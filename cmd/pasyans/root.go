package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

const rootLong = `pasyans digitizes 19th-century Russian patience (solitaire) books and plays their games in bulk.
  Text:  corpus (read and segment the OCR) → normalize (modern spelling, OCR repair) → link (rule text ↔ engine rule).
  Play:  engine (every game by the book) → tournament (strategies over millions of paired deals) → export/report (Parquet, Arrow, HTML).
"pasyans run" does all of it on the built-in corpus.`

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "pasyans",
		Short:         "Digitize old Russian patience books and play their games in bulk",
		Long:          rootLong,
		Version:       versionString(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &usageError{err: err}
	})
	root.SetVersionTemplate("pasyans {{.Version}}\n")
	root.AddCommand(
		newCorpusCmd(),
		newNormalizeCmd(),
		newLinkCmd(),
		newGamesCmd(),
		newPlayCmd(),
		newSolveCmd(),
		newReplayCmd(),
		newTournamentCmd(),
		newExportCmd(),
		newReportCmd(),
		newRunCmd(),
	)
	return root
}

// usageError marks an error as a usage error (exit code 2).
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usage error with a formatted message.
func usagef(format string, a ...any) error {
	return &usageError{err: fmt.Errorf(format, a...)}
}

// isCobraUsageError classifies cobra's untyped argument errors, which it
// reports by message only (see spf13/cobra #221). Only the start of the
// message is matched: a failure whose cause merely mentions such words
// (an OS "invalid argument", EINVAL) is not a usage error.
func isCobraUsageError(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "requires at most", "requires exactly", "invalid argument", "flag needs an argument", "required flag", "if any flags in the group"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// oneLine folds a message onto a single line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// versionString returns the module version and VCS revision from build info.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified, when string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		case "vcs.time":
			when = s.Value
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " rev " + rev + modified
		if when != "" {
			v += " (" + when + ")"
		}
	}
	return v + " " + bi.GoVersion
}
