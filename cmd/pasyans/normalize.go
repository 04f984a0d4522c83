package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "normalize" command.
func newNormalizeCmd() *cobra.Command { return pending("normalize", "Print modern spelling of pre-reform OCR text") }
