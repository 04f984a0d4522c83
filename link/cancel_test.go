package link

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/pasyans/pasyans/corpus"
)

// countdown is a context that is cancelled once its Err has been consulted
// a given number of times: it cancels a run at a chosen point of its work,
// the same one every time.
type countdown struct {
	context.Context
	mu    sync.Mutex
	left  int
	done  chan struct{}
	fired bool
}

func newCountdown(n int) *countdown {
	return &countdown{Context: context.Background(), left: n, done: make(chan struct{})}
}

func (c *countdown) Done() <-chan struct{} { return c.done }

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.fired {
		if c.left--; c.left > 0 {
			return nil
		}
		c.fired = true
		close(c.done)
	}
	return context.Canceled
}

// TestDocumentsCancel: however far a run has got — normalizing the
// document, linking its passages, scoring the clauses of one long
// paragraph — a cancelled context ends Documents with context.Canceled.
func TestDocumentsCancel(t *testing.T) {
	n := testNormalizer(t)
	docs := []*corpus.Document{corpusLikeDoc(t, 1<<20, true), corpusLikeDoc(t, 256<<10, false)}
	cancelled := 0
	for k := 1; ; k *= 3 {
		_, err := Documents(newCountdown(k), docs, Options{Normalizer: n, Play: true})
		if err == nil {
			break // the run ended before the countdown
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after %d looks: err = %v", k, err)
		}
		cancelled++
	}
	if cancelled < 5 {
		t.Errorf("only %d cancellation points tried", cancelled)
	}
}

// TestDocumentsCancelLatency: Ctrl-C while linking 4 MB of one paragraph —
// a real cancellation in the middle of the run — returns context.Canceled
// within seconds, not when the run would have ended.
func TestDocumentsCancelLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("4 MB of text")
	}
	n := testNormalizer(t)
	d := corpusLikeDoc(t, 4<<20, true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := Documents(ctx, []*corpus.Document{d}, Options{Normalizer: n, Play: true})
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		t.Logf("returned %v after the cancellation", time.Since(start))
	case <-time.After(10 * time.Second):
		t.Fatal("Documents still running 10 s after the cancellation")
	}
}
