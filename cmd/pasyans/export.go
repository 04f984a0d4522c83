package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "export" command.
func newExportCmd() *cobra.Command { return pending("export", "Write datasets") }
