// Command pasyans digitizes 19th-century Russian patience books and plays
// their games in bulk: corpus → normalize → link, engine → tournament →
// datasets and reports. Run "pasyans --help" for the commands.
//
// The commands are thin: each parses its flags into an options struct and
// calls one function of the pipeline package (or of corpus, normalize,
// engine, reports), then prints the result.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/internal/textin"
	"github.com/pasyans/pasyans/pipeline"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

func main() {
	os.Exit(runIO(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// ioStreams are the standard streams a command reads and writes.
type ioStreams struct {
	in          io.Reader
	out, errOut io.Writer
}

// run executes the CLI with args, reading the process's standard input.
func run(args []string, stdout, stderr io.Writer) int {
	return runIO(args, os.Stdin, stdout, stderr)
}

// runIO executes the CLI with args and returns the process exit code. It is
// main without os.Exit, so tests can call it.
func runIO(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Reads of standard input (a pipe, a FIFO, a terminal) stop at the signal.
	stdin, release := textin.Cancelable(ctx, stdin)
	defer release()
	root := newRootCmd(&ioStreams{in: stdin, out: stdout, errOut: stderr})
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	return exitCode(ctx, commandName(cmd), err, stderr)
}

// commandName is the name an error message starts with: the command path
// without "pasyans" ("" for the root).
func commandName(cmd *cobra.Command) string {
	if cmd == nil || !cmd.HasParent() {
		return ""
	}
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}

// exitCode prints err as one line, "pasyans: <command>: <problem>", and
// maps it to the exit code convention: 0 ok, 1 failure, 2 usage error, 130
// interrupted.
func exitCode(ctx context.Context, name string, err error, stderr io.Writer) int {
	prefix := "pasyans: "
	if name != "" {
		prefix += name + ": "
	}
	if (err == nil && ctx.Err() != nil) || errors.Is(err, context.Canceled) || (err != nil && ctx.Err() != nil) {
		fmt.Fprintln(stderr, prefix+"interrupted")
		return exitInterrupted
	}
	if err == nil {
		return exitOK
	}
	msg := pipeline.OneLine(err.Error())
	if name != "" {
		msg = strings.TrimPrefix(msg, name+": ") // a message that names the command already
	}
	fmt.Fprintln(stderr, prefix+msg)
	var ue *usageError
	if errors.As(err, &ue) || isCobraUsageError(err) {
		return exitUsage
	}
	return exitFailure
}
