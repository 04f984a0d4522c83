package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "run" command.
func newRunCmd() *cobra.Command { return pending("run", "Run the whole pipeline") }
