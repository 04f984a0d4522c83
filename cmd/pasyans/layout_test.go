package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Limits of the command layer (see the README's layout section): the
// commands are thin, and no function of the commands or of the pipeline
// package is long.
const (
	maxCmdLines  = 1300 // non-test lines of cmd/pasyans
	maxFuncLines = 60   // lines of one function, from "func" to its closing brace
)

// sourceFiles returns the non-test Go files of dir.
func sourceFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no Go files", dir)
	}
	return out
}

// TestCommandsAreThin checks the size of cmd/pasyans: its code, not the
// commands' help texts (multi-line string literals), which grow with every
// documented flag and belong in the command.
func TestCommandsAreThin(t *testing.T) {
	lines := 0
	fset := token.NewFileSet()
	for _, f := range sourceFiles(t, ".") {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		tf := fset.File(file.Pos())
		lines += tf.LineCount()
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				lines -= fset.Position(lit.End()).Line - fset.Position(lit.Pos()).Line
			}
			return true
		})
	}
	if lines >= maxCmdLines {
		t.Errorf("cmd/pasyans has %d non-test lines of code, want fewer than %d: move work into the pipeline package", lines, maxCmdLines)
	}
	t.Logf("cmd/pasyans: %d non-test lines of code", lines)
}

// TestNoLongFunctions checks that no function (declared or literal) of
// cmd/pasyans and pipeline is longer than maxFuncLines.
func TestNoLongFunctions(t *testing.T) {
	fset := token.NewFileSet()
	for _, dir := range []string{".", "../../pipeline"} {
		for _, f := range sourceFiles(t, dir) {
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				var name string
				switch fn := n.(type) {
				case *ast.FuncDecl:
					name = fn.Name.Name
				case *ast.FuncLit:
					name = "function literal"
				default:
					return true
				}
				from, to := fset.Position(n.Pos()), fset.Position(n.End())
				if l := to.Line - from.Line + 1; l > maxFuncLines {
					t.Errorf("%s:%d: %s is %d lines long, want at most %d", filepath.ToSlash(f), from.Line, name, l, maxFuncLines)
				}
				return true
			})
		}
	}
}
