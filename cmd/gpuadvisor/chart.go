package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/chartfile"

	"golang.org/x/image/font/opentype"
)

// writeChart writes the reply's charts to the --chart file, SVG or PNG by
// its extension, one under the other, and says where on stderr (stdout
// keeps the reply). SVG keeps the reply's language: its text is text, drawn
// by the viewer's fonts, Chinese included. A PNG is drawn here: when its
// labels need glyphs the default font lacks, with a CJK font found on the
// machine (pngfont.go); with none, in English with ASCII stand-ins for the
// names, a legend line and a warning on stderr (a Chinese reply's charts
// are drawn again in English: the commands that draw charts only compute,
// running one twice changes nothing). An answer without a chart is an error
// naming --chart (exit 2).
func writeChart(g globals, deps commands.Deps, req chat.Request, rep chat.Reply, stdout, stderr io.Writer, getenv func(string) string) int {
	if rep.Error != nil {
		return exitCode(rep)
	}
	lang := rep.Lang
	const example = "gpuadvisor --chart cost.svg billing ondemand=35 monthly=15000 hours=300"
	fail := func(code int, key, example, en, zh string, args ...any) int {
		msg := fmt.Sprintf(chat.T(lang, en, zh), args...)
		if g.JSON {
			stdout.Write(withVersion(chat.RenderJSON(chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid, Key: key, Message: msg, Example: example}})))
		} else {
			fmt.Fprintln(stderr, "gpuadvisor:", msg)
		}
		return code
	}
	charts := rep.Charts
	if len(charts) == 0 {
		return fail(2, "--chart", example, "--chart: this answer has no chart; billing, quote and tier draw one, for example "+example,
			"--chart：这个回答没有图表；billing（计费）、quote（报价）和 tier（选卡）有图表，例如 "+example)
	}
	format := chartfile.Format(g.Chart)
	var face *opentype.Font
	if format == "png" && missing(plainFace(), chartTexts(charts)) != 0 {
		f, why, err := findFont(chartTexts(charts), getenv)
		if err != nil {
			return fail(2, fontEnv, fontEnv+"=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
				"%v; it must name a .ttf, .otf or .ttc font file with Chinese glyphs, for example %s=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc (or unset it)",
				"%v；它须指向含中文字形的 .ttf、.otf 或 .ttc 字体文件，例如 %s=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc（或不设置）", err, fontEnv)
		}
		face = f
		if face == nil {
			charts = englishCharts(deps, req, rep)
			var legend []string
			charts, legend = asciiCharts(charts, plainFace())
			if why == "" {
				why = chat.T(lang, "none of the usual CJK fonts is installed", "常见的中文字体都未安装")
			}
			fmt.Fprintf(stderr, chat.T(lang,
				"gpuadvisor: warning: no font with Chinese glyphs (%s): %s is drawn with English labels; set %s to a .ttf/.otf/.ttc font with Chinese glyphs, or write .svg\n",
				"gpuadvisor：注意：没有含中文字形的字体（%s）：%s 改用英文标签；请把 %s 设为含中文的 .ttf/.otf/.ttc 字体，或改写 .svg 文件\n"), why, g.Chart, fontEnv)
			if len(legend) > 0 {
				fmt.Fprintf(stderr, chat.T(lang, "gpuadvisor: labels in %s: %s\n", "gpuadvisor：%s 中的标签：%s\n"), g.Chart, strings.Join(legend, chat.T(lang, ", ", "，")))
			}
		}
	}
	err := withFont(face, func() error {
		return writeFile(g.Chart, func(w io.Writer) error { return chartfile.Write(w, format, charts) })
	})
	if err != nil {
		return fail(1, "--chart", example, "--chart: %v", "--chart：%v", err)
	}
	if !g.JSON {
		fmt.Fprintf(stderr, chat.T(lang, "Chart written to %s\n", "图表已写入 %s\n"), g.Chart)
	}
	return 0
}

// englishCharts are the reply's charts in English: a Chinese reply's
// request is handled again in English (same numbers), when that gives as
// many charts.
func englishCharts(deps commands.Deps, req chat.Request, rep chat.Reply) []chat.Chart {
	if rep.Lang != chat.ZH {
		return rep.Charts
	}
	req.Lang = chat.EN
	if en := commands.New(deps).Handle(context.Background(), req); len(en.Charts) == len(rep.Charts) {
		return en.Charts
	}
	return rep.Charts
}

// writeFile creates path and writes it with write, closing it either way.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
