package engine

import (
	"slices"
	"testing"
)

// TestShahKept checks the facts the Shah keeps (score, empty places, what
// the foundations take, the outer tops and the ray tops by key, and the
// sets of keys) against the same facts computed from the piles, and the
// legal moves listed from them against shGenReference, which reads nothing
// but the piles, at every position of random playouts of every variant;
// and Ending's quick look against the full list.
func TestShahKept(t *testing.T) {
	deals := 150
	if testing.Short() {
		deals = 30
	}
	spec := shahSpec()
	for _, opts := range variantOptions(spec) {
		var ref []Move
		randomPlayouts(t, spec, opts, deals, func(seed uint64, ply int, gg Game, legal []Move) {
			g := gg.(*shah)
			want := *g
			want.sync()
			if want.score != g.score || want.empty != g.empty || want.want != g.want || want.outer != g.outer ||
				want.rays != g.rays || want.wantKeys != g.wantKeys || want.outerKeys != g.outerKeys || want.rayKeys != g.rayKeys {
				t.Fatalf("%v seed %d move %d: kept score %d empty %024b want %v %x outer %v %x rays %v %x; the piles give %d %024b %v %x %v %x %v %x\n%s",
					opts, seed, ply, g.score, g.empty, g.want, g.wantKeys, g.outer, g.outerKeys, g.rays, g.rayKeys,
					want.score, want.empty, want.want, want.wantKeys, want.outer, want.outerKeys, want.rays, want.rayKeys, g)
			}
			ref = shGenReference(g, ref[:0])
			if !slices.Equal(legal, ref) {
				t.Fatalf("%v seed %d move %d: LegalMoves %v, the piles give %v\n%s", opts, seed, ply, legal, ref, g)
			}
			if end := g.Ending(); (end == Playing) != (len(legal) > 0 && !g.Won()) {
				t.Fatalf("%v seed %d move %d: Ending %v with %d legal moves", opts, seed, ply, end, len(legal))
			}
		})
	}
}

// shGenReference lists the legal moves of g in LegalMoves' order from the
// piles alone (the generator before the Shah kept any fact).
func shGenReference(g *shah, dst []Move) []Move {
	var w [64]uint8 // by suitKey: the foundations that take the card
	score := 0
	for f := 0; f < 8; f++ {
		n := g.lay.size(shFound + f)
		score += n
		if n < shTop {
			w[(f/2)*16+n+1] |= 1 << f
		}
	}
	plays := func(dst []Move, from int, c Card, rule RuleID) []Move {
		if c == NoCard {
			return dst
		}
		for f := 0; f < 8; f++ {
			if w[suitKey(c)]>>f&1 != 0 {
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(from), To: uint8(shFound + f), Card: c, Card2: NoCard, Rule: rule})
			}
		}
		return dst
	}
	if g.phase < 2 {
		base := int(g.phase) * shRays
		for p := base; p < base+shRays; p++ {
			dst = plays(dst, p, g.lay.top(p), shRuleI)
		}
		return append(dst, Move{Kind: MoveDeal, From: shStock, To: shStock, Card: NoCard, Card2: NoCard, Rule: shRuleDeal})
	}
	if score == 8*shTop {
		return dst
	}
	for k := 0; k < shRays; k++ {
		for _, p := range [3]int{shOuter + k, shMiddle + k, shInner + k} {
			if !g.lay.empty(p) {
				dst = plays(dst, p, g.lay.top(p), shRuleI)
				break
			}
		}
	}
	t := g.lay.top(shTalon)
	dst = plays(dst, shTalon, t, shRulePlay)
	for k := 0; k < shRays; k++ {
		top := g.lay.top(shOuter + k)
		if top == NoCard {
			continue
		}
		if shMarries(t, top) {
			dst = append(dst, Move{Kind: MoveBuild, From: shTalon, To: uint8(shOuter + k), Card: t, Card2: NoCard, Rule: shRuleII})
		}
		if g.idle >= shIdleMax || g.r.talonOnly {
			continue
		}
		for j := 0; j < shRays; j++ {
			if s := g.lay.top(shOuter + j); j != k && shMarries(s, top) {
				dst = append(dst, Move{Kind: MoveBuild, From: uint8(shOuter + j), To: uint8(shOuter + k), Card: s, Card2: NoCard, Rule: shRuleII})
			}
		}
	}
	for v := 0; v < shFound; v++ {
		if !g.lay.empty(v) {
			continue
		}
		if t != NoCard {
			dst = append(dst, Move{Kind: MoveFill, From: shTalon, To: uint8(v), Card: t, Card2: NoCard, Rule: shRuleVacancy})
		}
		if !g.lay.empty(shStock) {
			dst = append(dst, Move{Kind: MoveFill, From: shStock, To: uint8(v), Card: NoCard, Card2: NoCard, Rule: shRuleVacancy})
		}
		return dst
	}
	if !g.lay.empty(shStock) {
		return append(dst, Move{Kind: MoveDraw, From: shStock, To: shTalon, Card: NoCard, Card2: NoCard, Rule: shRuleDraw})
	}
	if !g.lay.empty(shTalon) && g.redeals < g.r.maxRedeals {
		dst = append(dst, Move{Kind: MoveRedeal, From: shTalon, To: shStock, Card: NoCard, Card2: NoCard, Rule: shRuleRedeal})
	}
	return dst
}

// TestShahBookFacts checks what the Shah tells the book strategy
// (DrawDistance, Emptying) against the legal moves and the
// piles at every position of random playouts of every variant.
func TestShahBookFacts(t *testing.T) {
	deals := 150
	if testing.Short() {
		deals = 30
	}
	spec := shahSpec()
	var pile []Card
	draws, emptying, needed := 0, 0, 0
	for _, opts := range variantOptions(spec) {
		randomPlayouts(t, spec, opts, deals, func(seed uint64, ply int, gg Game, legal []Move) {
			g := gg.(*shah)
			draw := slices.ContainsFunc(legal, func(m Move) bool { return m.Kind == MoveDraw })
			if draw {
				draws++
			}
			dist := shTop
			if c := g.PileTop(shTalon); c != NoCard {
				for f := shFound + 2*int(c.Suit()); f < shFound+2*int(c.Suit())+2; f++ {
					pile = g.Pile(pile[:0], f)
					if h := pile[len(pile)-1].Rank(); h < c.Rank() {
						dist = min(dist, int(c.Rank()-h)-1)
					}
				}
			}
			if !draw {
				dist = -1
			}
			if got := g.DrawDistance(); got != dist {
				t.Fatalf("%v seed %d move %d: DrawDistance %d, the legal moves %v and the foundations give %d\n%s", opts, seed, ply, got, legal, dist, g)
			}
			if dist >= 0 && dist < shTop {
				needed++
			}
			var want uint32
			for _, m := range legal {
				if m.Kind != MoveFoundation && m.Kind != MoveBuild {
					continue
				}
				if int(m.From) >= shFound && m.From != shTalon {
					t.Fatalf("%v seed %d move %d: %v from pile %d", opts, seed, ply, m, m.From)
				}
				if pile = g.Pile(pile[:0], int(m.From)); m.From < 32 && len(pile) == 1 {
					want |= 1 << m.From
				}
			}
			if got := g.Emptying(); got != want {
				t.Fatalf("%v seed %d move %d: Emptying %024b, the legal moves %v give %024b\n%s", opts, seed, ply, got, legal, want, g)
			}
			if want>>shOuter != 0 {
				emptying++
			}
		})
	}
	if draws == 0 || emptying == 0 || needed == 0 {
		t.Errorf("%d positions with a draw, %d with an outer pile a move empties, %d with a talon top needed", draws, emptying, needed)
	}
}
