package textin

import (
	"context"
	"errors"
	"io"
	"os"
	"testing"
	"time"
)

// TestGoReader: the fallback reader returns every byte in order through
// small buffers, and stops waiting when its context is done.
func TestGoReader(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	g := &goReader{ctx: ctx, r: pr, res: make(chan goRead, 1)}
	go func() { pw.Write([]byte("hello, world")); pw.Close() }()
	var got []byte
	buf := make([]byte, 5)
	for {
		n, err := g.Read(buf)
		got = append(got, buf[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if string(got) != "hello, world" {
		t.Fatalf("read %q", got)
	}
	pr2, pw2 := io.Pipe()
	defer pw2.Close()
	g = &goReader{ctx: ctx, r: pr2, res: make(chan goRead, 1)}
	time.AfterFunc(50*time.Millisecond, cancel)
	if _, err := g.Read(buf); !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %v", err)
	}
}

// TestCancelablePipe: an idle pipe's read stops with the context's error.
func TestCancelablePipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cr, release := Cancelable(ctx, r)
	defer release()
	w.Write([]byte("abc"))
	buf := make([]byte, 8)
	if n, err := cr.Read(buf); err != nil || string(buf[:n]) != "abc" {
		t.Fatalf("read %q, %v", buf[:n], err)
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	t0 := time.Now()
	if _, err := cr.Read(buf); !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %v", err)
	}
	if d := time.Since(t0); d > time.Second {
		t.Errorf("stopped after %v", d)
	}
}
