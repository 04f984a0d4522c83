package solve

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

func testKey(i uint64) engine.Key {
	return engine.Key{Hi: engine.SplitMix64(i), Lo: engine.SplitMix64(i ^ 0xABCDEF)}
}

// TestTableSet checks the cache as a set: every key added is held, none
// other is, through growth; the zero key is a key like any other.
func TestTableSet(t *testing.T) {
	tab := newTable(1 << 30)
	for i := uint64(0); i < 100_000; i++ {
		if !tab.add(testKey(i)) {
			t.Fatalf("key %d reported held before it was added", i)
		}
		if tab.add(testKey(i)) {
			t.Fatalf("key %d added twice", i)
		}
	}
	for i := uint64(0); i < 200_000; i++ {
		if got := tab.has(testKey(i)); got != (i < 100_000) {
			t.Fatalf("has(key %d) = %v", i, got)
		}
	}
	if tab.len() != 100_000 || tab.peak != 100_000 || tab.evictions != 0 {
		t.Fatalf("len %d, peak %d, evictions %d", tab.len(), tab.peak, tab.evictions)
	}
	if !tab.add(engine.Key{}) || !tab.has(engine.Key{}) || tab.add(engine.Key{}) {
		t.Fatal("the zero key is not held like any other")
	}
	tab.begin()
	if tab.len() != 0 || tab.has(testKey(1)) || len(tab.cur) != tab.minSlots {
		t.Fatalf("after begin: len %d, %d slots", tab.len(), len(tab.cur))
	}
}

// TestTableEvicts checks that a full cache stays within its memory, keeps
// the most recent generation, and keeps the keys the search pins.
func TestTableEvicts(t *testing.T) {
	const mem = 64 << 10 // 4096 slots: two generations of 2048
	tab := newTable(mem)
	pinned := testKey(1 << 40)
	tab.add(pinned)
	for i := uint64(0); i < 50_000; i++ {
		before := tab.evictions
		tab.add(testKey(i))
		if tab.evictions != before {
			tab.keep(pinned) // what the search does for its path
		}
		if tab.bytes() > mem {
			t.Fatalf("%d bytes in use, limit %d", tab.bytes(), mem)
		}
	}
	if tab.evictions == 0 {
		t.Fatal("never evicted")
	}
	if !tab.has(pinned) {
		t.Fatal("the pinned key was forgotten")
	}
	for i := uint64(50_000 - 1000); i < 50_000; i++ {
		if !tab.has(testKey(i)) {
			t.Fatalf("recent key %d forgotten", i)
		}
	}
	if tab.has(testKey(0)) {
		t.Fatal("the oldest key is still held after many evictions")
	}
}

// TestProbeTable checks the probe's visited set: a state is worth
// expanding again only with more discrepancies left than before.
func TestProbeTable(t *testing.T) {
	var p prober
	p.maxSlots = probeMinSlots * 4
	p.reset()
	k := testKey(7)
	if !p.visit(k, 2) || p.visit(k, 2) || p.visit(k, 1) || !p.visit(k, 3) || p.visit(k, 3) {
		t.Fatal("visit does not follow the discrepancies left")
	}
	for i := uint64(0); i < 100_000; i++ { // growth, then forgetting at the limit
		p.visit(testKey(i+100), 0)
	}
	if len(p.seen) != p.maxSlots || p.n > p.maxSlots {
		t.Fatalf("%d slots, %d held, limit %d", len(p.seen), p.n, p.maxSlots)
	}
	if !p.visit(testKey(100_000+99), 1) {
		t.Fatal("a recent state with more discrepancies left was refused")
	}
}

// TestTableSpreadsSkewedKeys checks that keys which differ in one half
// only are spread over the table: with linear probing, keys that share
// their start make every insert walk a long run.
func TestTableSpreadsSkewedKeys(t *testing.T) {
	for name, key := range map[string]func(i uint64) engine.Key{
		"low half fixed":  func(i uint64) engine.Key { return engine.Key{Hi: engine.SplitMix64(i), Lo: 42} },
		"high half fixed": func(i uint64) engine.Key { return engine.Key{Hi: 42, Lo: engine.SplitMix64(i)} },
	} {
		tab := newTable(1 << 30)
		for i := uint64(0); i < 50_000; i++ {
			tab.add(key(i))
		}
		// The mean distance from a key's start slot to where it lies.
		mask := uint64(len(tab.cur) - 1)
		var dist uint64
		for i, k := range tab.cur {
			if k != (engine.Key{}) {
				dist += (uint64(i) - slot(k)) & mask
			}
		}
		if mean := float64(dist) / float64(tab.n); mean > 4 {
			t.Errorf("%s: mean probe distance %.1f", name, mean)
		}
	}
}

// TestTableCounters checks dominance by counters: a state held with
// counter c is not searched again with a counter of c or more, is searched
// again with a lower one (which the slot then keeps), and the counter
// takes no part in telling states apart — across an eviction too.
func TestTableCounters(t *testing.T) {
	tab := newTable(64 << 10)
	k := testKey(3)
	if !tab.add(pack(k, 5)) {
		t.Fatal("a new state was refused")
	}
	if tab.add(pack(k, 5)) || tab.add(pack(k, 9)) {
		t.Fatal("a state with a counter no lower was searched again")
	}
	if !tab.has(pack(k, 5)) || !tab.has(pack(k, 6)) || tab.has(pack(k, 4)) {
		t.Fatal("has does not follow the counter")
	}
	if !tab.add(pack(k, 2)) || tab.add(pack(k, 3)) || tab.len() != 1 {
		t.Fatalf("a lower counter was not taken (or made a second slot: %d held)", tab.len())
	}
	tab.keep(pack(k, 1)) // a path state with a lower counter lowers its slot
	if tab.add(pack(k, 1)) || tab.len() != 1 {
		t.Fatal("keep did not lower the slot")
	}
	if same(pack(k, 1), pack(testKey(4), 1)) || !same(pack(k, 1), pack(k, 200)) {
		t.Fatal("same does not ignore the counter alone")
	}
	// After an eviction the old generation still dominates.
	for i := uint64(0); tab.evictions == 0; i++ {
		tab.add(pack(testKey(i+100), 0))
	}
	if !tab.has(pack(k, 1)) || tab.add(pack(k, 7)) || !tab.add(pack(k, 0)) {
		t.Fatal("the old generation does not follow the counter")
	}
}
