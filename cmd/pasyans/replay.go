package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "replay" command.
func newReplayCmd() *cobra.Command { return pending("replay", "Re-check a game log") }
