package pipeline

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// TextObserver is the Observer of the command line: stage lines and notes
// on w (stderr), and a tournament's progress as a live bar redrawn in place
// when w is a terminal, a plain log line every interval otherwise; nothing
// but notes when quiet.
type TextObserver struct {
	w     io.Writer
	name  string // the command, which starts the log lines
	quiet bool
	tty   bool
	every time.Duration

	mu       sync.Mutex
	cur      Progress
	began    time.Time
	quit     chan struct{}
	wg       sync.WaitGroup
	lastLine int
}

// NewTextObserver returns a TextObserver writing to w; name (the command)
// starts its notes and log lines; every is the interval of the log lines
// (≤ 0: 10 s).
func NewTextObserver(w io.Writer, name string, quiet bool, every time.Duration) *TextObserver {
	p := &TextObserver{w: w, name: name, quiet: quiet, every: every}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if p.every <= 0 {
		p.every = 10 * time.Second
	}
	return p
}

// Stage prints "[i/n] name detail" ("name: detail" for Index 0).
func (p *TextObserver) Stage(s Stage) {
	switch {
	case p.quiet:
	case s.Index == 0:
		fmt.Fprintf(p.w, "%s: %s\n", s.Name, s.Detail)
	default:
		fmt.Fprintf(p.w, "[%d/%d] %-10s %s\n", s.Index, s.Count, s.Name, s.Detail)
	}
}

// Note prints "name: note", even with --quiet.
func (p *TextObserver) Note(s string) { fmt.Fprintf(p.w, "%s: %s\n", p.name, s) }

// Progress records the state; the first call of a tournament starts the
// ticker, the final call stops it and draws the last line.
func (p *TextObserver) Progress(s Progress) {
	if p.quiet {
		return
	}
	p.mu.Lock()
	p.cur = s
	started := p.quit != nil
	p.mu.Unlock()
	switch {
	case s.Final && started:
		close(p.quit)
		p.wg.Wait()
		p.mu.Lock()
		p.quit = nil
		p.draw(true)
		p.mu.Unlock()
	case !s.Final && !started:
		p.start()
	}
}

func (p *TextObserver) start() {
	p.mu.Lock()
	p.began = time.Now()
	p.quit = make(chan struct{})
	quit := p.quit
	p.mu.Unlock()
	interval := p.every
	if p.tty {
		interval = 200 * time.Millisecond
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				p.mu.Lock()
				p.draw(false)
				p.mu.Unlock()
			}
		}
	}()
}

// draw renders the current state; the caller holds mu.
func (p *TextObserver) draw(final bool) {
	done, total := p.cur.Done, p.cur.Total
	el := time.Since(p.began)
	rate := 0.0
	if el > 0 {
		rate = float64(done) / el.Seconds()
	}
	eta := "-"
	if rate > 0 && total >= done {
		eta = time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	frac := 1.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	if !p.tty {
		fmt.Fprintf(p.w, "%s: %d/%d deals (%.1f%%), %.0f deals/s, elapsed %s, ETA %s\n",
			p.name, done, total, 100*frac, rate, el.Round(time.Second), eta)
		return
	}
	const width = 30
	n := min(max(int(frac*width), 0), width) // strings.Repeat panics on a negative count
	bar := strings.Repeat("█", n) + strings.Repeat("░", width-n)
	line := fmt.Sprintf("\r%s %5.1f%% %d/%d deals  %.0f/s  ETA %s", bar, 100*frac, done, total, rate, eta)
	pad := p.lastLine - len(line)
	p.lastLine = len(line)
	if pad > 0 {
		line += strings.Repeat(" ", pad)
	}
	if final {
		line += "\n"
	}
	fmt.Fprint(p.w, line)
}
