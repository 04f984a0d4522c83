package engine

// The endgame of Salic Law: once the deal is ended, the position is decided
// exactly by a small dedicated search (see salicLawSearch, "Endgame
// evaluation").

// Outcomes of an endgame evaluation.
const (
	slEndUnknown = iota // more new states than slEndCap
	slEndWon
	slEndLost
)

// slEndCap bounds the states one endgame evaluation expands (states the
// memo already knows are free).
const slEndCap = 1 << 13

// slMaxPacket is the most cards a packet can hold above its king: the
// cards of ranks 2 to the jack (aces, queens and kings never lie on one).
const slMaxPacket = 8 * (int(slTopRank) - 1)

// Multipliers of the two lanes of a packet's hash (odd).
const (
	slHashB1 = 0x9E3779B97F4A7C15
	slHashB2 = 0xC2B2AE3D27D4EB4F
)

// slEndMove is a move of the endgame: a play home from packet from, or a
// fill from packet from onto the bare king to.
type slEndMove struct {
	fill     bool
	from, to int
}

// slEnd decides the endgame of Salic Law once the deal is ended, by
// exhaustive search. After the deal cards only leave the packets: each
// packet is the prefix of its cards at the start of the evaluation that is
// still in place, or, once that is gone, a bare king or a bare king with
// one card filled on it. The state's key is the search key's (see
// salicLawSearch): the multiset of the packets, each by the ranks of its
// cards and its fill mark (variant king-refill=once), and the multiset of
// the foundations' heights; a packet's ranks are hashed in two 64-bit lanes
// (a polynomial over its cards, bottom first, kept for every prefix), and
// the packets are combined by adding a mix of each. It is a value; an
// evaluation allocates nothing when a memo is lent.
type slEnd struct {
	cards [8][slMaxPacket]Rank       // each packet's cards above its king, bottom first
	under [8][slMaxPacket]int8       // the copies of each card's rank below it in its packet
	h1    [8][slMaxPacket + 1]uint64 // each packet's prefix hashes, first lane
	h2    [8][slMaxPacket + 1]uint64 // and second lane
	n     [8]int                     // the cards of cards[p] still in place
	cell  [8]Rank                    // the card filled on bare king p (n[p] == 0), or 0
	nk    int                        // the packets
	once  bool                       // variant king-refill=once
	marks uint8                      // kings that have had their card (king-refill=once)
	at    [slTopRank + 1]int8        // foundations at height h
	out   [slTopRank + 1]int8        // copies of rank s not home
	home  int                        // cards home (the score)
	m1    [8]uint64                  // each packet's mixed hash, first lane
	m2    [8]uint64                  // and second lane
	s1    uint64                     // the sums of m1 and m2
	s2    uint64
	memo  *Memo
	root  bool // the first move of a win is wanted
	grown int  // states expanded
	full  bool
	first slEndMove // the first move of the win found
}

// slEndgame decides the endgame of g (the deal ended): slEndWon, with the
// first move of a win when first is set, slEndLost, or slEndUnknown. It
// keeps what it finds in the memo lent to g (UseMemo), else in one of its
// own.
func slEndgame(g *salicLaw, first bool) (int, slEndMove) {
	var e slEnd
	e.root = first
	e.memo = g.memo
	if e.memo == nil {
		e.memo = NewMemo(4 * slEndCap) // outside a search that lends one
	}
	v := e.eval(g)
	return v, e.first
}

// eval decides the endgame of g (the deal ended); e must be zero but for
// its memo.
func (e *slEnd) eval(g *salicLaw) int {
	e.nk, e.once = int(g.nk), g.r.once
	for p := 0; p < e.nk; p++ {
		n := g.lay.size(slKings+p) - 1
		e.n[p] = n
		i := n
		for c := g.lay.top(slKings + p); i > 0; c = g.lay.below[c] {
			i--
			e.cards[p][i] = c.Rank()
		}
		var seen [NumRanks + 1]int8
		for i := 0; i < n; i++ {
			r := e.cards[p][i]
			e.under[p][i] = seen[r]
			seen[r]++
			e.h1[p][i+1] = e.h1[p][i]*slHashB1 + uint64(r)
			e.h2[p][i+1] = e.h2[p][i]*slHashB2 + uint64(r)
		}
		if g.r.once && g.filled&(1<<p) != 0 {
			e.marks |= 1 << p
		}
		e.remix(p, e.h1[p][n], e.h2[p][n])
	}
	e.home = int(g.score)
	for s := 1; s <= int(slTopRank); s++ {
		e.out[s] = 8
	}
	for f := 0; f < int(g.nf); f++ {
		h := g.height(f)
		e.at[h]++
		for s := 1; s <= h; s++ {
			e.out[s]--
		}
	}
	switch {
	case e.win(e.root):
		return slEndWon
	case e.full:
		return slEndUnknown
	}
	return slEndLost
}

// remix sets packet p's hashes to (a, b), its mark added, and updates the
// sums.
func (e *slEnd) remix(p int, a, b uint64) {
	mark := uint64(e.marks>>p) & 1
	m1 := SplitMix64(a ^ mark<<63)
	m2 := SplitMix64(b + 0x632BE59BD9B4E019 ^ mark)
	e.s1 += m1 - e.m1[p]
	e.s2 += m2 - e.m2[p]
	e.m1[p], e.m2[p] = m1, m2
}

// rehash updates packet p's hashes after its cards changed.
func (e *slEnd) rehash(p int) {
	if n := e.n[p]; n > 0 || e.cell[p] == 0 {
		e.remix(p, e.h1[p][n], e.h2[p][n])
		return
	}
	r := uint64(e.cell[p]) // a packet of one card
	e.remix(p, r, r)
}

// key returns the state's key: the packets' sums and the heights.
func (e *slEnd) key() Key {
	var w uint64
	for h := 1; h <= int(slTopRank); h++ {
		w |= uint64(e.at[h]) << (4 * h)
	}
	return Key{Hi: e.s1 ^ SplitMix64(w), Lo: e.s2 + w*0xD6E8FEB86659FD93}
}

// top returns the rank of packet p's available card (0 if none) and the
// copies of its rank that lie below it in its packet.
func (e *slEnd) top(p int) (Rank, int8) {
	if n := e.n[p]; n > 0 {
		return e.cards[p][n-1], e.under[p][n-1]
	}
	return e.cell[p], 0
}

// play plays packet p's available card, of rank r, home.
func (e *slEnd) play(p int, r Rank) {
	if e.n[p] > 0 {
		e.n[p]--
	} else {
		e.cell[p] = 0
	}
	e.rehash(p)
	e.at[r-1]--
	e.at[r]++
	e.out[r]--
	e.home++
}

// unplay takes back play(p, r); wasCell says the card lay on a bare king.
func (e *slEnd) unplay(p int, r Rank, wasCell bool) {
	if wasCell {
		e.cell[p] = r
	} else {
		e.n[p]++
	}
	e.rehash(p)
	e.at[r-1]++
	e.at[r]--
	e.out[r]++
	e.home--
}

// fill moves packet p's top card, of rank r, onto the bare king q.
func (e *slEnd) fill(p, q int, r Rank) {
	e.n[p]--
	e.cell[q] = r
	if e.once {
		e.marks |= 1 << q
	}
	e.rehash(p)
	e.rehash(q)
}

// unfill takes back fill(p, q, r).
func (e *slEnd) unfill(p, q int) {
	e.n[p]++
	e.cell[q] = 0
	if e.once {
		e.marks &^= 1 << q
	}
	e.rehash(p)
	e.rehash(q)
}

// Values the memo keeps for an endgame state.
const (
	slMemoLost uint8 = iota
	slMemoWon
)

// win reports whether the current state can be won, recording the first
// move of the win at the root when it is wanted (the memo is then not
// asked about the root). A card goes home at once, without branching, when
// the safe-move rule of salicLawSearch allows it. A state whose search the
// cap cut is not stored.
func (e *slEnd) win(root bool) bool {
	if e.home == slTotal {
		return true
	}
	k := e.key()
	if !root {
		if v, ok := e.memo.Get(k); ok {
			return v == slMemoWon
		}
	}
	if e.grown >= slEndCap {
		e.full = true
		return false
	}
	e.grown++
	w := e.expand(root)
	if !e.full {
		v := slMemoLost
		if w {
			v = slMemoWon
		}
		e.memo.Put(k, v)
	}
	return w
}

// expand tries the moves of the current state (see win).
func (e *slEnd) expand(root bool) bool {
	for p := 0; p < e.nk; p++ {
		r, under := e.top(p)
		if r == 0 || e.at[r-1] == 0 {
			continue
		}
		if e.at[r-1] >= e.out[r]-under || !e.once && e.n[p] <= 1 {
			return e.tryPlay(p, r, root)
		}
	}
	for p := 0; p < e.nk && !e.full; p++ {
		if r, _ := e.top(p); r != 0 && e.at[r-1] > 0 && e.tryPlay(p, r, root) {
			return true
		}
	}
	q := e.bare()
	if q < 0 {
		return false
	}
	for p := 0; p < e.nk && !e.full; p++ {
		if e.n[p] < 2 {
			continue
		}
		r := e.cards[p][e.n[p]-1]
		e.fill(p, q, r)
		w := e.win(false)
		e.unfill(p, q)
		if w {
			if root {
				e.first = slEndMove{fill: true, from: p, to: q}
			}
			return true
		}
	}
	return false
}

// tryPlay plays packet p's card of rank r home and reports whether the
// position after it can be won.
func (e *slEnd) tryPlay(p int, r Rank, root bool) bool {
	wasCell := e.n[p] == 0
	e.play(p, r)
	w := e.win(false)
	e.unplay(p, r, wasCell)
	if w && root {
		e.first = slEndMove{from: p}
	}
	return w
}

// bare returns a king that may take a filled card (bare, and not barred by
// variant king-refill=once), or -1: all such kings are alike.
func (e *slEnd) bare() int {
	for q := 0; q < e.nk; q++ {
		if e.n[q] == 0 && e.cell[q] == 0 && e.marks&(1<<q) == 0 {
			return q
		}
	}
	return -1
}

// find returns the index in legal of the move m names, or -1.
func (m slEndMove) find(legal []Move) int {
	for i, l := range legal {
		if int(l.From) != slKings+m.from {
			continue
		}
		if m.fill && l.Kind == MoveFill && int(l.To) == slKings+m.to || !m.fill && l.Kind == MoveFoundation {
			return i
		}
	}
	return -1
}
