package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// RuleKind says what a catalog entry is.
type RuleKind string

// Rule kinds.
const (
	// KindNumbered is a numbered rule of the book (I, II, …).
	KindNumbered RuleKind = "numbered"
	// KindPlay is a rule of play the book states without a number
	// (the deal, redeals, vacancies, the win).
	KindPlay RuleKind = "play"
	// KindAdvice is a passage of strategy advice (S1, S2, …).
	KindAdvice RuleKind = "advice"
)

// RuleStatus says where the rule's content comes from.
type RuleStatus string

// Rule statuses.
const (
	// StatusBook: the corpus text states the rule.
	StatusBook RuleStatus = "book"
	// StatusLost: the book had the rule but the scan lost it; the content
	// comes from Source (e.g. Cadogan's English original).
	StatusLost RuleStatus = "lost"
	// StatusConvention: the book is silent or ambiguous; the engine follows
	// the convention named in Source.
	StatusConvention RuleStatus = "convention"
)

// Rule is one entry of the rule catalog.
type Rule struct {
	// ID is the stable rule ID, e.g. "four-corners/I".
	ID RuleID
	// Kind says whether it is numbered, a play rule or advice.
	Kind RuleKind
	// Number is the book's number for numbered rules ("I", "II"), the advice
	// label for advice ("S1"), empty for play rules.
	Number string
	// Status says whether the text has it, lost it, or it is a convention.
	Status RuleStatus
	// Summary is a one-line English description.
	Summary string
	// Source names where the content or the choice comes from when it is not
	// the corpus text (e.g. "Cadogan EN Rule I", "GAMES.md §14.2").
	Source string
	// Terms are key Russian words and phrases of the passage in modern
	// spelling, used by the linker to find the passage in a normalized text.
	Terms []string
}

// Variant is a named option of a game with its allowed values; Default is the
// book's reading.
type Variant struct {
	Name    string
	Values  []string
	Default string
	// Doc explains each reading and its source.
	Doc string
}

// Spec describes one game of the catalog: identity, rules, variants and how
// to start it.
type Spec struct {
	// ID is the game's stable ID, e.g. "four-corners".
	ID string
	// Title is the English title (Cadogan's or the usual one).
	Title string
	// TitlesRU are the Russian titles in modern spelling, the book's first.
	TitlesRU []string
	// Book says which book of the corpus has the game ("Cadogan", "Pujol").
	Book string
	// Decks is the number of 52-card decks.
	Decks int
	// Players is the number of players (1 except Sympathy).
	Players int
	// MaxMoves is the move cap after which a game is stopped as unknown; it
	// bounds every playout of a game whose rules allow loops.
	MaxMoves int
	// Rules lists every rule, play rule and advice entry of the game.
	Rules []Rule
	// Variants lists the named options.
	Variants []Variant
	// NewDeal starts a game from an explicit pack (index 0 is the top, dealt
	// first) of Decks*52 cards and resolved options. Crafted packs in tests
	// use it; New uses it with a shuffled pack.
	NewDeal func(pack []Card, opts Options) (Game, error)
}

// New starts the game on the deal of seed: Deal(s.Decks, seed).
func (s *Spec) New(seed uint64, opts Options) (Game, error) {
	return s.NewDeal(Deal(s.Decks, seed), opts)
}

// Rule returns the catalog entry of id, and whether it exists.
func (s *Spec) Rule(id RuleID) (Rule, bool) {
	for _, r := range s.Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// ResolveOptions returns opts with every variant's default filled in, or an
// error naming the first unknown option or value.
func (s *Spec) ResolveOptions(opts Options) (Options, error) {
	out := make(Options, len(s.Variants))
	for _, v := range s.Variants {
		out[v.Name] = v.Default
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		val := opts[k]
		var found *Variant
		for i := range s.Variants {
			if s.Variants[i].Name == k {
				found = &s.Variants[i]
			}
		}
		if found == nil {
			return nil, fmt.Errorf("%s: unknown variant option %q", s.ID, k)
		}
		ok := false
		for _, a := range found.Values {
			if a == val {
				ok = true
			}
		}
		if !ok {
			return nil, fmt.Errorf("%s: variant %s=%q: want one of %s", s.ID, k, val, strings.Join(found.Values, ", "))
		}
		out[k] = val
	}
	return out, nil
}

// VariantString renders resolved options canonically: "k=v,k=v" sorted by
// name, only the options that differ from the default; "" for the book's
// reading. It is the "variant" column of the datasets.
func (s *Spec) VariantString(opts Options) string {
	var parts []string
	for _, v := range s.Variants {
		if val, ok := opts[v.Name]; ok && val != v.Default {
			parts = append(parts, v.Name+"="+val)
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// Catalog returns the specs of every game of the corpus in a fixed order.
// Each call builds fresh values; callers may keep or modify them.
func Catalog() []*Spec {
	return []*Spec{
		salicLawSpec(),
		fourCornersSpec(),
		windmillSpec(),
		shahSpec(),
		duchessSpec(),
		britishConstitutionSpec(),
		zodiacSpec(),
		sympathySpec(),
		sultanSpec(),
		napoleonSpec(),
		redAndBlackSpec(),
	}
}

// Lookup returns the spec of the game with the given ID.
func Lookup(id string) (*Spec, error) {
	for _, s := range Catalog() {
		if s.ID == id {
			return s, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", id, strings.Join(GameIDs(), ", "))
}

// GameIDs returns the IDs of all games in catalog order.
func GameIDs() []string {
	cat := Catalog()
	ids := make([]string, len(cat))
	for i, s := range cat {
		ids[i] = s.ID
	}
	return ids
}

// LookupRule returns the catalog entry of a rule ID of any game.
func LookupRule(id RuleID) (Rule, bool) {
	s, err := Lookup(id.Game())
	if err != nil {
		return Rule{}, false
	}
	return s.Rule(id)
}

// CatalogHash returns a hex SHA-256 over every game's rules and variants. It
// changes whenever a rule is added, renamed or redescribed, and is written
// into dataset metadata so results can be tied to the rules that made them.
func CatalogHash() string {
	h := sha256.New()
	for _, s := range Catalog() {
		fmt.Fprintf(h, "game %s %d %d\n", s.ID, s.Decks, s.MaxMoves)
		for _, r := range s.Rules {
			fmt.Fprintf(h, "rule %s %s %s %s %q %q\n", r.ID, r.Kind, r.Number, r.Status, r.Summary, r.Source)
		}
		for _, v := range s.Variants {
			fmt.Fprintf(h, "variant %s %s %s\n", v.Name, v.Default, strings.Join(v.Values, "|"))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
