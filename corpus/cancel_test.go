package corpus

import (
	"context"
	"errors"
	"testing"
	"time"
)

// endless is an input that never ends: a line of prose over and over.
type endless struct{ pos int }

func (e *endless) Read(p []byte) (int, error) {
	const line = "Берутъ изъ колоды туза и кладутъ его посрединѣ.\n"
	for i := range p {
		p[i] = line[e.pos%len(line)]
		e.pos++
	}
	return len(p), nil
}

// TestReadCancel: Ctrl-C while reading an input that never ends (a FIFO,
// a pipe from a generator) ends Read with context.Canceled within seconds.
func TestReadCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(bg)
	done := make(chan error, 1)
	go func() {
		_, err := Read(ctx, "fifo", &endless{}, testOptions(t))
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read still running 10 s after the cancellation")
	}
}

// TestSegmentCancel: a cancelled context stops segmentation and the
// duplicate search.
func TestSegmentCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(bg)
	cancel()
	text := ""
	for range 2000 {
		text += "Берутъ изъ колоды туза.\n\n"
	}
	if _, err := segment(ctx, testSet(t), text); !errors.Is(err, context.Canceled) {
		t.Errorf("segment: %v", err)
	}
	docs, err := Embedded(bg, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := LinkDuplicates(ctx, docs); !errors.Is(err, context.Canceled) {
		t.Errorf("LinkDuplicates: %v", err)
	}
}
