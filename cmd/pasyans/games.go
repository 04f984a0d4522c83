package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
	"github.com/spf13/cobra"
)

func newGamesCmd() *cobra.Command {
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
				return writeJSON(cmd.OutOrStdout(), catalogJSON(cat))
			}
			return printCatalog(cmd.OutOrStdout(), cat)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalog as JSON")
	cmd.AddCommand(newGamesShowCmd())
	return cmd
}

func newGamesShowCmd() *cobra.Command {
	var asJSON, noText bool
	cmd := &cobra.Command{
		Use:   "show GAME",
		Short: "Print one game's rules and variants",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, err := engine.Lookup(args[0])
			if err != nil {
				return usagef("games show: %v", err)
			}
			var links []link.Link
			if !noText {
				if links, err = gameLinks(cmd.Context(), spec); err != nil {
					return err
				}
			}
			if asJSON {
				g := gameJSONOf(spec)
				g.Links = links
				return writeJSON(cmd.OutOrStdout(), g)
			}
			return printGame(cmd.OutOrStdout(), spec, func(id engine.RuleID) string {
				return linkedText(links, id)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the game as JSON")
	cmd.Flags().BoolVar(&noText, "no-text", false, "do not look up the rules' text in the embedded corpus")
	return cmd
}

// gameLinks links the embedded corpus (numbered rules, advice and play
// rules) and returns the links of spec's game.
func gameLinks(ctx context.Context, spec *engine.Spec) ([]link.Link, error) {
	docs, err := corpus.Embedded(ctx, corpusOptions())
	if err != nil {
		return nil, fmt.Errorf("games show %s: embedded corpus: %w", spec.ID, err)
	}
	n, err := normalize.New()
	if err != nil {
		return nil, fmt.Errorf("games show %s: normalizer: %w", spec.ID, err)
	}
	res, err := link.Documents(ctx, docs, link.Options{Normalizer: n, Play: true})
	if err != nil {
		return nil, fmt.Errorf("games show %s: link corpus: %w", spec.ID, err)
	}
	var out []link.Link
	for _, l := range res.Links {
		if l.Linked() && l.RuleID.Game() == spec.ID {
			out = append(out, l)
		}
	}
	return out, nil
}

// linkedText renders the corpus passages linked to id: the modern text with
// the original OCR beside it, one passage per reading.
func linkedText(links []link.Link, id engine.RuleID) string {
	var b strings.Builder
	for _, l := range links {
		if l.RuleID != id {
			continue
		}
		fmt.Fprintf(&b, "%s:%d (%s %.2f)\n      modern:   %s\n      original: %s\n",
			l.Doc, l.Span.StartLine, l.Method, l.Score, flatText(l.Modern), flatText(l.Original))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// gameJSON is the JSON form of one game of the catalog.
type gameJSON struct {
	ID          string         `json:"id"`
	Title       string         `json:"title"`
	TitlesRU    []string       `json:"titles_ru"`
	Book        string         `json:"book"`
	Decks       int            `json:"decks"`
	Players     int            `json:"players"`
	MaxMoves    int            `json:"max_moves"`
	Implemented bool           `json:"implemented"`
	Rules       []engine.Rule  `json:"rules"`
	Variants    []variantJSON  `json:"variants"`
	Defaults    engine.Options `json:"defaults"`
	// Links are the corpus passages linked to the game's rules (games show).
	Links []link.Link `json:"links,omitempty"`
}

type variantJSON struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Doc     string   `json:"doc"`
}

type catalogJSONDoc struct {
	Engine  string     `json:"engine"`
	Catalog string     `json:"catalog"`
	Games   []gameJSON `json:"games"`
}

func catalogJSON(cat []*engine.Spec) catalogJSONDoc {
	doc := catalogJSONDoc{Engine: engine.Version, Catalog: engine.CatalogHash()}
	for _, s := range cat {
		doc.Games = append(doc.Games, gameJSONOf(s))
	}
	return doc
}

func gameJSONOf(s *engine.Spec) gameJSON {
	defaults, _ := s.ResolveOptions(nil)
	g := gameJSON{ID: s.ID, Title: s.Title, TitlesRU: s.TitlesRU, Book: s.Book, Decks: s.Decks, Players: s.Players,
		MaxMoves: s.MaxMoves, Implemented: implemented(s), Rules: s.Rules, Defaults: defaults}
	if g.Rules == nil {
		g.Rules = []engine.Rule{}
	}
	g.Variants = []variantJSON{}
	for _, v := range s.Variants {
		g.Variants = append(g.Variants, variantJSON(v))
	}
	return g
}

// implemented reports whether the game can be played yet.
func implemented(s *engine.Spec) bool {
	_, err := s.New(1, nil)
	return err == nil
}

// printCatalog prints one block per game: identity, rule IDs, variants.
func printCatalog(w io.Writer, cat []*engine.Spec) error {
	fmt.Fprintf(w, "%d games (engine %s, catalog %.12s)\n", len(cat), engine.Version, engine.CatalogHash())
	for _, s := range cat {
		note := ""
		if !implemented(s) {
			note = "  [not implemented]"
		}
		fmt.Fprintf(w, "\n%s — %s (%s), %s; %d deck(s), %d player(s), cap %d moves%s\n",
			s.ID, s.Title, strings.Join(s.TitlesRU, "; "), s.Book, s.Decks, s.Players, s.MaxMoves, note)
		ids := make([]string, len(s.Rules))
		for i, r := range s.Rules {
			ids[i] = r.ID.Local()
		}
		fmt.Fprintf(w, "  rules:    %s\n", strings.Join(ids, " "))
		for _, v := range s.Variants {
			fmt.Fprintf(w, "  variant:  %s=%s (default %s)\n", v.Name, strings.Join(v.Values, "|"), v.Default)
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}

// printGame prints one game's rules and variants. extra, if not nil, gives
// more text to print under a rule (e.g. the linked corpus passage); it may
// return "".
func printGame(w io.Writer, s *engine.Spec, extra func(engine.RuleID) string) error {
	fmt.Fprintf(w, "%s — %s\n", s.ID, s.Title)
	fmt.Fprintf(w, "Russian title: %s\n", strings.Join(s.TitlesRU, "; "))
	fmt.Fprintf(w, "Book: %s; %d deck(s); %d player(s); move cap %d\n", s.Book, s.Decks, s.Players, s.MaxMoves)
	fmt.Fprintf(w, "\nRules (%d):\n", len(s.Rules))
	for _, r := range s.Rules {
		fmt.Fprintf(w, "  %-34s %-8s %-10s %s\n", r.ID, r.Kind, r.Status, r.Summary)
		if r.Source != "" {
			fmt.Fprintf(w, "  %-34s source: %s\n", "", r.Source)
		}
		if len(r.Terms) > 0 {
			fmt.Fprintf(w, "  %-34s terms: %s\n", "", strings.Join(r.Terms, " · "))
		}
		if extra != nil {
			if x := extra(r.ID); x != "" {
				for _, line := range strings.Split(strings.TrimRight(x, "\n"), "\n") {
					fmt.Fprintf(w, "  %-34s | %s\n", "", line)
				}
			}
		}
	}
	if len(s.Variants) > 0 {
		fmt.Fprintf(w, "\nVariants:\n")
		for _, v := range s.Variants {
			fmt.Fprintf(w, "  %s=%s (default %s)\n      %s\n", v.Name, strings.Join(v.Values, "|"), v.Default, v.Doc)
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}
