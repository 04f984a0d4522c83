package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "report" command.
func newReportCmd() *cobra.Command { return pending("report", "Summarize a results folder") }
