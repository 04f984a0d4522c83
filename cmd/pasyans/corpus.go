package main

import "github.com/spf13/cobra"

// TEMPORARY stub: replaced by the real "corpus" command.
func newCorpusCmd() *cobra.Command { return pending("corpus", "List the corpus documents and their segmentation") }
