// Command pasyans digitizes 19th-century Russian patience books and plays
// their games in bulk: corpus → normalize → link, engine → tournament →
// datasets and reports. Run "pasyans --help" for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the CLI with args and returns the process exit code. It is
// main without os.Exit, so tests can call it.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	return exitCode(ctx, err, stderr)
}

// exitCode prints err as one line and maps it to the exit code convention:
// 0 ok, 1 failure, 2 usage error, 130 interrupted.
func exitCode(ctx context.Context, err error, stderr io.Writer) int {
	if err == nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "pasyans: interrupted")
			return exitInterrupted
		}
		return exitOK
	}
	if errors.Is(err, context.Canceled) || ctx.Err() != nil {
		fmt.Fprintln(stderr, "pasyans: interrupted")
		return exitInterrupted
	}
	fmt.Fprintf(stderr, "pasyans: %s\n", oneLine(err.Error()))
	var ue *usageError
	if errors.As(err, &ue) || isCobraUsageError(err) {
		return exitUsage
	}
	return exitFailure
}
