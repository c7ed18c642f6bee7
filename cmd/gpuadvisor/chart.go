package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/chartfile"
)

// writeChart writes the reply's charts to the --chart file, SVG or PNG by
// its extension, one under the other, and says where on stderr (stdout
// keeps the reply). SVG keeps the reply's language: its text is text, drawn
// by the viewer's fonts, Chinese included. PNG is drawn with fonts that have
// no Chinese glyphs, so a Chinese reply's charts are drawn again in English
// (the commands that draw charts only compute; running one twice changes
// nothing). An answer without a chart is an error naming --chart (exit 2).
func writeChart(g globals, deps commands.Deps, req chat.Request, rep chat.Reply, stdout, stderr io.Writer) int {
	if rep.Error != nil {
		return exitCode(rep)
	}
	lang := rep.Lang
	fail := func(code int, en, zh string, args ...any) int {
		msg := fmt.Sprintf(chat.T(lang, en, zh), args...)
		if g.JSON {
			stdout.Write(chat.RenderJSON(chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid, Key: "--chart", Message: msg, Example: "gpuadvisor --chart cost.svg billing ondemand=35 monthly=15000 hours=300"}}))
		} else {
			fmt.Fprintln(stderr, "gpuadvisor:", msg)
		}
		return code
	}
	charts := rep.Charts
	if len(charts) == 0 {
		return fail(2, "--chart: this answer has no chart; billing, quote and tier draw one, for example gpuadvisor --chart cost.svg billing ondemand=35 monthly=15000 hours=300",
			"--chart：这个回答没有图表；billing（计费）、quote（报价）和 tier（选卡）有图表，例如 gpuadvisor --chart cost.svg billing ondemand=35 monthly=15000 hours=300")
	}
	format := chartfile.Format(g.Chart)
	if format == "png" && rep.Lang == chat.ZH {
		req.Lang = chat.EN
		if en := commands.New(deps).Handle(context.Background(), req); len(en.Charts) == len(charts) {
			charts = en.Charts
		}
	}
	f, err := os.Create(g.Chart)
	if err != nil {
		return fail(1, "--chart: %v", "--chart：%v", err)
	}
	if err := chartfile.Write(f, format, charts); err != nil {
		f.Close()
		return fail(1, "--chart: %v", "--chart：%v", err)
	}
	if err := f.Close(); err != nil {
		return fail(1, "--chart: %v", "--chart：%v", err)
	}
	if !g.JSON {
		fmt.Fprintf(stderr, chat.T(lang, "Chart written to %s\n", "图表已写入 %s\n"), g.Chart)
	}
	return 0
}
