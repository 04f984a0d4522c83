package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "tournament" command.
func newTournamentCmd() *cobra.Command { return pending("tournament", "Run a strategy tournament") }
