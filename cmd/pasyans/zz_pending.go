package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// pending builds a command whose implementation has not landed yet.
// TEMPORARY: this file is deleted once every command exists.
func pending(use, short string) *cobra.Command {
	return &cobra.Command{
		Use:   use,
		Short: short,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("%s: not implemented yet", cmd.Name())
		},
	}
}
