package engine

import (
	"testing"
)

// exhaust reports whether g can be won with full information, by a plain
// depth-first search over every legal move that uses none of the search
// hooks; visited holds the Hash of every state explored (a state seen
// before is not a win, or the search would have stopped there). ok is
// false when more than budget states were needed.
func exhaust(g Game, visited map[uint64]bool, budget int) (won, ok bool) {
	return exhaustJudged(g, visited, budget, nil)
}

// exhaustJudged is exhaust with a judge of the states it meets: judge
// reports whether it decides a state, and whether the state is won then;
// the search goes on below the states it does not decide. With a nil
// judge only won states are decided.
func exhaustJudged(g Game, visited map[uint64]bool, budget int, judge func(Game) (decided, won bool)) (won, ok bool) {
	if g.Won() {
		return true, true
	}
	if judge != nil {
		if decided, w := judge(g); decided {
			return w, true
		}
	}
	h := g.Hash()
	if visited[h] {
		return false, true
	}
	if len(visited) >= budget {
		return false, false
	}
	visited[h] = true
	for _, m := range g.LegalMoves(nil) {
		c := g.Clone()
		if err := c.Apply(m); err != nil {
			panic(err) // a listed move must apply
		}
		w, ok := exhaustJudged(c, visited, budget, judge)
		if !ok || w {
			return w, ok
		}
	}
	return false, true
}

// decide runs exhaust on g with a fresh visited set.
func decide(g Game, budget int) (won, ok bool) {
	return exhaust(g, map[uint64]bool{}, budget)
}

// hookStats counts what TestSearchHooksSound saw of one game.
type hookStats struct {
	decided, won, safe, dead int
	// counters holds, per counter-free key (CounterKeyer), the lowest
	// counter of a lost position and the highest of a won one, each + 1
	// (0: none seen); dominated counts positions met with another of the
	// same key and a different counter.
	counters  map[Key][2]int
	dominated int
}

// TestSearchHooksSound checks every game's search hooks against exhaustive
// search on small positions: the positions of random playouts, taken from
// the end backwards as long as exhaustive search decides them within its
// budget. On every decided position: DeadEnd is never true of a winnable
// one; the move SafeMove names keeps a winnable position winnable; and
// SearchKey is a pure function of the state and agrees with Clone. Across
// the positions of a game, two with the same key must agree on
// winnability. The test also requires the hooks to have fired at least
// once per game, so that it cannot pass vacuously.
func TestSearchHooksSound(t *testing.T) {
	const budget = 20000
	const seeds = 40
	// With -short a game stops after 10 seeds once the check has said
	// enough (20 positions decided, a hook fired): the Shah's hooks fire
	// only in rarer endgames, which its first seeds do not reach.
	short := testing.Short()
	for _, spec := range Catalog() {
		t.Run(spec.ID, func(t *testing.T) {
			var st hookStats
			keys := map[Key]bool{}
			for seed := uint64(1); seed <= seeds; seed++ {
				if short && seed > 10 && st.decided >= 20 && st.safe+st.dead > 0 {
					break
				}
				g, err := spec.New(seed, nil)
				if err != nil {
					t.Fatal(err)
				}
				rng := fastRand(seed * 7919)
				var line []Game
				for n := 0; n < spec.MaxMoves; n++ {
					line = append(line, g.Clone())
					legal := g.LegalMoves(nil)
					if len(legal) == 0 {
						break
					}
					if err := g.Apply(legal[rng.intn(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
				for i := len(line) - 1; i >= 0; i-- {
					pos := line[i]
					won, ok := decide(pos, budget)
					if !ok {
						break
					}
					checkHooks(t, pos, won, budget, keys, &st)
				}
			}
			t.Logf("%d positions decided (%d winnable), %d safe moves checked, %d dead ends, %d met again with another counter",
				st.decided, st.won, st.safe, st.dead, st.dominated)
			if st.decided < 20 {
				t.Fatalf("only %d positions decided: the check says too little", st.decided)
			}
			if st.safe+st.dead == 0 {
				t.Fatalf("the hooks never fired on %d decided positions", st.decided)
			}
		})
	}
}

// checkHooks checks the hooks of one decided position whose winnability
// is won.
func checkHooks(t *testing.T, pos Game, won bool, budget int, keys map[Key]bool, st *hookStats) {
	t.Helper()
	h := pos
	st.decided++
	if won {
		st.won++
	}
	k := h.SearchKey()
	if k2 := pos.Clone().SearchKey(); k2 != k {
		t.Fatalf("SearchKey differs on a clone:\n%s", pos)
	}
	if prev, seen := keys[k]; seen && prev != won {
		t.Fatalf("two positions with the same key differ in winnability (this one: %v):\n%s", won, pos)
	}
	keys[k] = won
	if ck, ok := pos.(CounterKeyer); ok {
		checkCounter(t, pos, ck, won, st)
	}
	if h.DeadEnd() {
		st.dead++
		if won {
			t.Fatalf("DeadEnd on a winnable position:\n%s", pos)
		}
	}
	legal := pos.LegalMoves(nil)
	if i := h.SafeMove(legal); i >= 0 {
		st.safe++
		c := pos.Clone()
		if err := c.Apply(legal[i]); err != nil {
			t.Fatalf("safe move %v does not apply: %v", legal[i], err)
		}
		if won {
			w2, ok := decide(c, budget)
			if ok && !w2 {
				t.Fatalf("safe move %v loses a won position:\n%s", legal[i], pos)
			}
		}
	}
}

// checkCounter checks CounterKey on one decided position: a pure function
// of the state that agrees with Clone, and dominance — of two positions
// with the same counter-free key, the one with the lower counter is
// winnable whenever the other is (no lost position has a counter at or
// below that of a won one).
func checkCounter(t *testing.T, pos Game, ck CounterKeyer, won bool, st *hookStats) {
	t.Helper()
	k, c := ck.CounterKey()
	if k2, c2 := pos.Clone().(CounterKeyer).CounterKey(); k2 != k || c2 != c {
		t.Fatalf("CounterKey differs on a clone:\n%s", pos)
	}
	if st.counters == nil {
		st.counters = map[Key][2]int{}
	}
	seen, ok := st.counters[k]
	if ok {
		st.dominated++
	}
	if won {
		seen[1] = max(seen[1], int(c)+1)
	} else if seen[0] == 0 || int(c)+1 < seen[0] {
		seen[0] = int(c) + 1
	}
	if seen[0] != 0 && seen[1] != 0 && seen[0] <= seen[1] {
		t.Fatalf("a lost position has a counter (%d) no higher than a won one with the same key (%d); this one (counter %d, won %v):\n%s",
			seen[0]-1, seen[1]-1, c, won, pos)
	}
	st.counters[k] = seen
}

// TestMemo stores and finds values, overwrites them, grows and, at its
// limit, forgets everything rather than fail.
func TestMemo(t *testing.T) {
	m := NewMemo(1 << 13)
	key := func(i int) Key { return Key{Hi: SplitMix64(uint64(i)), Lo: SplitMix64(uint64(i) + 1e9)} }
	for i := 0; i < 3000; i++ {
		m.Put(key(i), uint8(i%3))
	}
	for i := 0; i < 3000; i++ {
		if v, ok := m.Get(key(i)); !ok || v != uint8(i%3) {
			t.Fatalf("key %d: got %d, %v; want %d", i, v, ok, i%3)
		}
	}
	if _, ok := m.Get(key(3000)); ok {
		t.Fatal("a key never stored was found")
	}
	m.Put(key(7), 2)
	if v, _ := m.Get(key(7)); v != 2 {
		t.Fatalf("overwritten value %d, want 2", v)
	}
	if len(m.slots) != 1<<13 {
		t.Fatalf("%d slots after 3,000 keys, want 8,192", len(m.slots))
	}
	for i := 3000; i < 4200; i++ { // past half of the largest table
		m.Put(key(i), 1)
	}
	if m.n >= 4096 || len(m.slots) != 1<<13 {
		t.Fatalf("%d keys in %d slots: the full memo did not start afresh", m.n, len(m.slots))
	}
	if v, ok := m.Get(key(4199)); !ok || v != 1 {
		t.Fatal("the last key stored is lost")
	}
	m.Reset()
	if _, ok := m.Get(key(4199)); ok || m.n != 0 {
		t.Fatal("Reset kept a key")
	}
}
