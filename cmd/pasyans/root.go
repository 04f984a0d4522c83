package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/reports"
)

const rootLong = `pasyans digitizes 19th-century Russian patience (solitaire) books and plays their games in bulk.
  Text:  corpus (read and segment the OCR) → normalize (modern spelling, OCR repair) → link (rule text ↔ engine rule).
  Play:  engine (every game by the book) → tournament (strategies over millions of paired deals) → export/report (Parquet, Arrow, HTML).
"pasyans run" does all of it on the built-in corpus.`

func newRootCmd(ios *ioStreams) *cobra.Command {
	root := &cobra.Command{
		Use:           "pasyans",
		Short:         "Digitize old Russian patience books and play their games in bulk",
		Long:          rootLong,
		Version:       reports.VersionString(),
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
		newCmdCorpus(ios),
		newCmdNormalize(ios),
		newCmdLink(ios),
		newCmdGames(ios),
		newCmdPlay(ios),
		newCmdSolve(ios),
		newCmdReplay(ios),
		newCmdTournament(ios),
		newCmdExport(ios),
		newCmdReport(ios),
		newCmdRun(ios),
	)
	return root
}

// usageError marks an error as a usage error (exit code 2).
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usage marks err as a usage error (nil stays nil).
func usage(err error) error {
	if err == nil {
		return nil
	}
	return &usageError{err: err}
}

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
