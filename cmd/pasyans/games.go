package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
)

// newCmdGames builds "pasyans games" and its "show" subcommand.
func newCmdGames(ios *ioStreams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games and their rules",
		Long: `games lists the rule catalog: every game with its decks, rule IDs and variants.
"pasyans games show GAME" prints one game's rules (status, summary, source) and variants.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cat := engine.Catalog()
			if asJSON {
				return writeJSON(ios.out, reports.CatalogJSON(cat))
			}
			return reports.WriteCatalog(ios.out, cat)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalog as JSON")
	cmd.AddCommand(newCmdGamesShow(ios))
	return cmd
}

func newCmdGamesShow(ios *ioStreams) *cobra.Command {
	var asJSON, noText bool
	cmd := &cobra.Command{
		Use:   "show GAME",
		Short: "Print one game's rules and variants",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, err := engine.Lookup(args[0])
			if err != nil {
				return usagef("%v", err)
			}
			var links []link.Link
			if !noText {
				c, err := pipeline.LoadCorpus(cmd.Context(), nil, nil)
				if err != nil {
					return fmt.Errorf("linking the built-in corpus: %w", err)
				}
				links = c.Passages(spec.ID)
			}
			if asJSON {
				g := reports.GameDoc(spec)
				g.Links = links
				return writeJSON(ios.out, g)
			}
			return reports.WriteGame(ios.out, spec, func(id engine.RuleID) string {
				return reports.LinkedText(links, id)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the game as JSON")
	cmd.Flags().BoolVar(&noText, "no-text", false, "do not look up the rules' text in the embedded corpus")
	return cmd
}
