package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Version is the engine's version, written into game logs and dataset
// metadata next to CatalogHash. It changes when the behaviour of a game
// changes in a way the catalog text does not show (deal procedure, move
// order, hashing). 2.0.0: every game on one skeleton (one pile store,
// state hashes changed, the face-down pack is "stock" in every game).
const Version = "2.0.0"

// FoundationPrefix starts the PileName of every foundation pile ("F0",
// "F1", …). Validation relies on it: cards never leave a foundation pile
// except by a MoveTransfer.
const FoundationPrefix = "F"

// AsidePile is the PileName of the pile that holds cards set aside by a
// game's setup (thrown-out kings or queens, decorative cards), so that every
// card of the pack is always in exactly one pile.
const AsidePile = "aside"

// renderPiles renders a game's piles one per line as "name: c c c", using
// pile to read each pile (Pile for the player's view, FullPile for the full
// layout); hidden cards show as "##". status is appended as a last line.
func renderPiles(n int, name func(int) string, pile func([]Card, int) []Card, status string) string {
	var sb strings.Builder
	var buf [2 * CardsPerDeck]Card
	width := 0
	for i := 0; i < n; i++ {
		if l := len(name(i)); l > width {
			width = l
		}
	}
	for i := 0; i < n; i++ {
		nm := name(i)
		sb.WriteString(nm)
		sb.WriteByte(':')
		for j := len(nm); j < width; j++ {
			sb.WriteByte(' ')
		}
		for _, c := range pile(buf[:0], i) {
			sb.WriteByte(' ')
			if c == NoCard {
				sb.WriteString("##")
			} else {
				sb.WriteString(c.String())
			}
		}
		sb.WriteByte('\n')
	}
	if status != "" {
		sb.WriteString(status)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// appendHidden appends n NoCard values to dst.
func appendHidden(dst []Card, n int) []Card {
	for i := 0; i < n; i++ {
		dst = append(dst, NoCard)
	}
	return dst
}

// shuffleCards shuffles cs with the stream of the inline generator state s
// (SplitMix64 steps); used for in-game shuffles (redeals) so they need no
// allocation and depend only on the game's own seed word.
func shuffleCards(cs []Card, s *uint64) {
	for i := len(cs) - 1; i > 0; i-- {
		*s += 0x9E3779B97F4A7C15
		j := int(SplitMix64(*s) % uint64(i+1))
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// verifyPack verifies that pack is exactly decks*52 distinct valid cards;
// the error names the game id.
func verifyPack(id string, pack []Card, decks int) error {
	if len(pack) != decks*CardsPerDeck {
		return fmt.Errorf("%s: pack has %d cards, want %d", id, len(pack), decks*CardsPerDeck)
	}
	var seen [MaxDecks * CardsPerDeck]bool
	for _, c := range pack {
		if !c.Valid() || c.Deck() >= decks {
			return fmt.Errorf("%s: pack has invalid card %d for %d deck(s)", id, c, decks)
		}
		if seen[c] {
			return fmt.Errorf("%s: pack has card %s (deck %d) twice", id, c, c.Deck())
		}
		seen[c] = true
	}
	return nil
}

// illegalf returns an error wrapping ErrIllegal that names the move and
// why. It allocates; for the rejections that need no formatting use an
// illegal value.
func illegalf(m Move, format string, a ...any) error {
	return fmt.Errorf("%v: %s: %w", m, fmt.Sprintf(format, a...), ErrIllegal)
}

// illegal is an illegal-move error with a fixed message. Converting a
// constant to it, or returning a package-level error made by ruleIllegal,
// allocates nothing, so Check can reject moves cheaply; errors.Is finds
// ErrIllegal through Unwrap.
type illegal string

// Error returns "message: illegal move".
func (e illegal) Error() string { return string(e) + ": " + ErrIllegal.Error() }

// Unwrap returns ErrIllegal.
func (e illegal) Unwrap() error { return ErrIllegal }

// ruleIllegal returns the illegal-move error "rule: why: illegal move", or
// "why: illegal move" when rule is "" (a malformed move). Games keep one
// immutable package-level value per reason.
func ruleIllegal(rule RuleID, why string) error {
	if rule == "" {
		return illegal(why)
	}
	return illegal(string(rule) + ": " + why)
}

// copyOptions returns a copy of resolved options, so callers cannot change
// a game's options through the returned map.
func copyOptions(o Options) Options {
	out := make(Options, len(o))
	for k, v := range o {
		out[k] = v
	}
	return out
}

// determinize replaces hidden cards by a random arrangement drawn from r
// that depends only on which cards they are, never on their actual order:
// sort, then shuffle. It allocates nothing.
func determinize(hidden []Card, r *Rand) {
	sortCards(hidden)
	r.Shuffle(hidden)
}

// sortCards sorts cs in increasing order. The cards of a game are
// distinct, so it sorts by marking each card in a 256-bit set and reading
// the set back in order (linear time, no comparisons); a slice holding a
// value twice is sorted by comparison instead.
func sortCards(cs []Card) {
	if len(cs) < 2 {
		return
	}
	var set [4]uint64
	for _, c := range cs {
		w, bit := c>>6, uint64(1)<<(c&63)
		if set[w]&bit != 0 {
			slices.Sort(cs)
			return
		}
		set[w] |= bit
	}
	i := 0
	for w, x := range set {
		for x != 0 {
			cs[i] = Card(w<<6 + bits.TrailingZeros64(x))
			i++
			x &= x - 1
		}
	}
}

// renderGame renders g's piles one per line (see renderPiles), reading each
// pile with pile (g.Pile for the view, g.FullPile for the full layout).
func renderGame(g Game, pile func([]Card, int) []Card, status string) string {
	return renderPiles(g.NumPiles(), g.PileName, pile, status)
}

// Helpers shared by several games.

// sortWords sorts a few words in place (insertion sort; no allocation).
func sortWords(w []uint64) {
	for i := 1; i < len(w); i++ {
		for j := i; j > 0 && w[j] < w[j-1]; j-- {
			w[j], w[j-1] = w[j-1], w[j]
		}
	}
}

// keyBitsOf returns the set of the indices k with t[k] not 0.
func keyBitsOf(t *[64]uint8) uint64 {
	var m uint64
	for k, b := range t {
		if b != 0 {
			m |= 1 << k
		}
	}
	return m
}

// clearKeyBit clears bit b of t[k] (k < 64), and bit k of keys when t[k]
// becomes 0.
func clearKeyBit(t *[64]uint8, keys *uint64, k int, b uint8) {
	k &= 63
	if t[k] &^= b; t[k] == 0 {
		*keys &^= 1 << k
	}
}

// setKeyBit sets bit b of t[k] (k < 64) and bit k of keys.
func setKeyBit(t *[64]uint8, keys *uint64, k int, b uint8) {
	k &= 63
	t[k] |= b
	*keys |= 1 << k
}
