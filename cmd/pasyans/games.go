package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "games" command.
func newGamesCmd() *cobra.Command { return pending("games", "List the games and their rules") }
