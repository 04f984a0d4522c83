package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "link" command.
func newLinkCmd() *cobra.Command { return pending("link", "Link rule texts to engine rules") }
