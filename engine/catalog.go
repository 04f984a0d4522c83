package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
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
	// the corpus text (e.g. "Cadogan EN Rule I", "PySolFC game 467").
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

// Spec describes one game of the catalog: identity, layout, rules, variants
// and how to start it. A Spec of the catalog is shared and read-only.
type Spec struct {
	// ID is the game's stable ID, e.g. "four-corners".
	ID string
	// Title is the English title (Cadogan's or the usual one).
	Title string
	// TitlesRU are the Russian titles in modern spelling, the book's first.
	TitlesRU []string
	// Book says which book of the corpus has the game ("Cadogan", "Pujol").
	Book string
	// Sources lists the primary sources of the rules beyond the corpus text
	// (Cadogan 1914, PySolFC by game id …), for the generated docs.
	Sources []string
	// Decks is the number of 52-card decks.
	Decks int
	// Players is the number of players (1 except Sympathy).
	Players int
	// MaxMoves is the move cap after which a game is stopped as unknown; it
	// bounds every playout of a game whose rules allow loops.
	MaxMoves int
	// Planner is the game's default of the Monte Carlo planner of package
	// sim (docs/tournaments.md gives the measurements it was chosen by).
	Planner PlannerDefaults
	// Piles is the layout: every pile's name and kind, in index order.
	Piles []PileInfo
	// Rules lists every rule, play rule and advice entry of the game.
	Rules []Rule
	// Variants lists the named options.
	Variants []Variant
	// Search explains the game's search hooks (SearchHooks): the symmetry
	// of its key, its safe moves and dead ends, each with the argument from
	// the rules that makes it sound. docs/games.md shows it.
	Search string
	// Start parses the resolved variant options once into the game's typed
	// rules and returns the Dealer that starts games with them. Setup calls
	// it; a misuse of the VariantReader (a name or value Variants does not
	// declare) is an error, never silently the default.
	Start func(v *VariantReader) (Dealer, error)
}

// Dealer starts a game from an explicit pack of Decks*52 cards, index 0 the
// top (dealt first).
type Dealer func(pack []Card) (Game, error)

// Redealer is implemented by every game of the catalog. Redeal starts the
// game again, in place, on pack (Decks*52 cards, index 0 the top, as a
// Dealer takes it; not verified) with the setup it was started with — the
// same variant options and rules — discarding its earlier state, so that
// it is then the game its Setup's Dealer would have started on pack. A loop
// that plays many deals of one setup reuses one game this way instead of
// allocating one a deal. After an error (a pack the game cannot be dealt
// from) the game's state is undefined.
type Redealer interface {
	Redeal(pack []Card) error
}

// Setup is a game with its variant options resolved and parsed once into
// the game's typed rules: it starts games by seed or from an explicit pack.
// A Setup is immutable and safe for concurrent use.
type Setup struct {
	spec    *Spec
	opts    Options
	variant string
	deal    Dealer
}

// Setup resolves opts (see ResolveOptions) and parses them into the game's
// typed rules. Unknown options or values are errors.
func (s *Spec) Setup(opts Options) (*Setup, error) {
	o, err := s.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	if s.Start == nil {
		return nil, fmt.Errorf("%s: game has no Start function", s.ID)
	}
	r := &VariantReader{spec: s, opts: o}
	deal, err := s.Start(r)
	if err == nil {
		err = r.err
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.ID, err)
	}
	return &Setup{spec: s, opts: o, variant: s.VariantString(o), deal: deal}, nil
}

// Spec returns the game's catalog entry.
func (st *Setup) Spec() *Spec { return st.spec }

// Options returns a copy of the resolved options.
func (st *Setup) Options() Options { return copyOptions(st.opts) }

// Variant returns the canonical variant string (Spec.VariantString): ""
// for the book's reading.
func (st *Setup) Variant() string { return st.variant }

// New starts the game on the deal of seed: Deal(Decks, seed).
func (st *Setup) New(seed uint64) (Game, error) {
	var buf [MaxDecks * CardsPerDeck]Card
	return st.deal(DealInto(buf[:0], st.spec.Decks, seed))
}

// NewDeal starts the game on an explicit pack (index 0 the top).
func (st *Setup) NewDeal(pack []Card) (Game, error) {
	if err := verifyPack(st.spec.ID, pack, st.spec.Decks); err != nil {
		return nil, err
	}
	return st.deal(pack)
}

// New starts the game on the deal of seed with opts: Setup then New. To
// start many games with the same options, call Setup once.
func (s *Spec) New(seed uint64, opts Options) (Game, error) {
	st, err := s.Setup(opts)
	if err != nil {
		return nil, err
	}
	return st.New(seed)
}

// NewDeal starts the game on an explicit pack (index 0 the top, dealt
// first) of Decks*52 cards with opts. Crafted packs in tests use it.
func (s *Spec) NewDeal(pack []Card, opts Options) (Game, error) {
	st, err := s.Setup(opts)
	if err != nil {
		return nil, err
	}
	return st.NewDeal(pack)
}

// NumPiles returns the number of piles of the layout.
func (s *Spec) NumPiles() int { return len(s.Piles) }

// PileName returns the name of pile i, or "pile(i)" for an index out of
// range.
func (s *Spec) PileName(i int) string {
	if i >= 0 && i < len(s.Piles) {
		return s.Piles[i].Name
	}
	return fmt.Sprintf("pile(%d)", i)
}

// PileKind returns the kind of pile i, or 0 for an index out of range.
func (s *Spec) PileKind(i int) PileKind {
	if i >= 0 && i < len(s.Piles) {
		return s.Piles[i].Kind
	}
	return 0
}

// PileIndex returns the index of the pile named name, or -1.
func (s *Spec) PileIndex(name string) int {
	for i, p := range s.Piles {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// VariantReader reads resolved variant options in a game's Start. Its
// getters record the first misuse — a name or a value the Spec does not
// declare — and Setup returns it as an error, so a typo in a game's code is
// caught by the first Setup of every variant, never silently the default.
type VariantReader struct {
	spec *Spec
	opts Options
	err  error
}

// Spec returns the spec being set up.
func (r *VariantReader) Spec() *Spec { return r.spec }

// Value returns the resolved value of variant name.
func (r *VariantReader) Value(name string) string {
	for _, v := range r.spec.Variants {
		if v.Name == name {
			return r.opts[name]
		}
	}
	r.fail(fmt.Errorf("variant %q is not declared", name))
	return ""
}

// Is reports whether variant name is set to value; value must be one of the
// variant's declared values.
func (r *VariantReader) Is(name, value string) bool {
	for _, v := range r.spec.Variants {
		if v.Name != name {
			continue
		}
		for _, a := range v.Values {
			if a == value {
				return r.opts[name] == value
			}
		}
		r.fail(fmt.Errorf("variant %s has no value %q", name, value))
		return false
	}
	r.fail(fmt.Errorf("variant %q is not declared", name))
	return false
}

func (r *VariantReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
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

// catalogSpecs lists the constructor of every game's Spec, in catalog
// order. Adding a game is one file in this package and one line here (see
// docs/adding-a-game.md).
var catalogSpecs = [...]func() *Spec{
	salicLawSpec,
	fourCornersSpec,
	windmillSpec,
	shahSpec,
	duchessSpec,
	britishConstitutionSpec,
	zodiacSpec,
	sympathySpec,
	sultanSpec,
	napoleonSpec,
	redAndBlackSpec,
}

// catalog builds the specs once; they are read-only afterwards.
var catalog = sync.OnceValue(func() []*Spec {
	out := make([]*Spec, len(catalogSpecs))
	for i, f := range catalogSpecs {
		out[i] = f()
	}
	return out
})

// Catalog returns the specs of every game of the corpus in a fixed order.
// The specs are shared and read-only; the slice is the caller's.
func Catalog() []*Spec { return slices.Clone(catalog()) }

// Lookup returns the spec of the game with the given ID.
func Lookup(id string) (*Spec, error) {
	for _, s := range catalog() {
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

// PlannerDefaults are a game's defaults for the Monte Carlo planner of
// package sim: determinizations per decision and moves per rollout,
// chosen so that the documented tournament (every game, 1,000 deals, two
// workers) stays within its time budget.
type PlannerDefaults struct {
	// Samples is the number of determinizations per decision (≥ 1).
	Samples int
	// Horizon is the number of moves per rollout, 0 to play rollouts to
	// the end.
	Horizon int
	// Layout plans the first phase's layout as a whole; Samples is then
	// the number of determinizations solved for a plan.
	Layout bool
}
