package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "play" command.
func newPlayCmd() *cobra.Command { return pending("play", "Play one deal") }
