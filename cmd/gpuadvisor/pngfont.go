package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"unicode"

	stdfont "golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/text"

	"gpuadvisor/chat"
)

// A PNG is rasterised here, with the fonts gonum/plot knows: its embedded
// Liberation fonts have no Chinese glyphs and would draw each Chinese
// character as a box. So a PNG whose labels need glyphs Liberation Sans
// lacks is drawn with a font that has them: the file GPUADVISOR_FONT names
// (.ttf, .otf or .ttc), else the first of the usual CJK fonts of Linux,
// macOS and Windows found on the machine. With none, the PNG is drawn with
// English labels and ASCII stand-ins for the names (asciiCharts), and a
// warning names GPUADVISOR_FONT and .svg (docs/replies.md).

// fontEnv names the font file to draw PNG charts with.
const fontEnv = "GPUADVISOR_FONT"

// knownFonts lists the usual CJK fonts of the system the binary runs on;
// a variable so that tests can look in a directory of their own.
var knownFonts = func(getenv func(string) string) []string { return cjkFontPaths(runtime.GOOS, getenv) }

// cjkFontPaths are where the common CJK fonts are installed: Noto Sans CJK
// (Debian/Ubuntu fonts-noto-cjk, Fedora, Arch), WenQuanYi (fonts-wqy-*),
// Droid Sans Fallback (fonts-droid-fallback); on macOS PingFang, Hiragino
// Sans GB and STHeiti; on Windows Microsoft YaHei and SimHei.
func cjkFontPaths(goos string, getenv func(string) string) []string {
	switch goos {
	case "darwin":
		return []string{
			"/System/Library/Fonts/PingFang.ttc",
			"/System/Library/Fonts/Hiragino Sans GB.ttc",
			"/System/Library/Fonts/STHeiti Medium.ttc",
			"/System/Library/Fonts/STHeiti Light.ttc",
			"/Library/Fonts/Arial Unicode.ttf",
		}
	case "windows":
		dir := getenv("WINDIR")
		if dir == "" {
			dir = `C:\Windows`
		}
		var out []string
		for _, f := range []string{"msyh.ttc", "msyh.ttf", "simhei.ttf", "simsun.ttc"} {
			out = append(out, filepath.Join(dir, "Fonts", f))
		}
		return out
	}
	return []string{
		"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
		"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
		"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
		"/usr/share/fonts/google-noto-sans-cjk-fonts/NotoSansCJK-Regular.ttc",
		"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
		"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
		"/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
		"/usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc",
		"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
		"/usr/share/fonts/google-droid/DroidSansFallbackFull.ttf",
	}
}

// loadFont parses a .ttf, .otf or .ttc file. In a collection it takes the
// first face whose family is Simplified Chinese ("SC", "GB": Noto Sans CJK
// SC, PingFang SC), else the first face.
func loadFont(path string) (*opentype.Font, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	coll, err := opentype.ParseCollection(b)
	if err != nil {
		return nil, fmt.Errorf("%s: not a TrueType or OpenType font: %v", path, err)
	}
	var first *opentype.Font
	var buf sfnt.Buffer
	for i := 0; i < coll.NumFonts(); i++ {
		f, err := coll.Font(i)
		if err != nil {
			// WenQuanYi's collections place tables off the 4-byte
			// boundaries x/image insists on: copy the face out, aligned.
			if f, err = opentype.Parse(alignedFace(b, i)); err != nil {
				continue
			}
		}
		if first == nil {
			first = f
		}
		name, _ := f.Name(&buf, sfnt.NameIDFamily)
		for _, w := range strings.Fields(name) {
			if w == "SC" || w == "GB" {
				return f, nil
			}
		}
	}
	if first == nil {
		return nil, fmt.Errorf("%s: no font in it can be read", path)
	}
	return first, nil
}

// missing is the first character of texts f has no glyph for (spaces and
// control characters are never drawn), 0 when it has them all.
func missing(f *opentype.Font, texts []string) rune {
	var buf sfnt.Buffer
	for _, s := range texts {
		for _, r := range s {
			if unicode.IsSpace(r) || unicode.IsControl(r) {
				continue
			}
			if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
				return r
			}
		}
	}
	return 0
}

// chartTexts are the strings a chart file draws, numbers aside (ticks are
// digits and commas).
func chartTexts(charts []chat.Chart) []string {
	var out []string
	for _, c := range charts {
		out = append(out, c.Title, c.XLabel, c.YLabel, c.XUnit)
		out = append(out, c.Categories...)
		for _, s := range c.Series {
			out = append(out, s.Name)
		}
		for _, m := range c.Marks {
			out = append(out, m.Label)
		}
	}
	return out
}

// plainFace is the face PNG text is drawn with by default (chartfile draws
// every text in Liberation Sans).
func plainFace() *opentype.Font {
	return font.DefaultCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, 10).Face
}

// errFontEnv is a GPUADVISOR_FONT that names no font that can be read.
var errFontEnv = errors.New(fontEnv)

// findFont is the first font that has every glyph texts need: the file
// GPUADVISOR_FONT names, then the usual ones. It returns nil and why not
// when none has (the path and the character it lacks, for the warning); an
// error wrapping errFontEnv when GPUADVISOR_FONT names a file that is not a
// font.
func findFont(texts []string, getenv func(string) string) (*opentype.Font, string, error) {
	why := ""
	if p := getenv(fontEnv); p != "" {
		f, err := loadFont(p)
		if err != nil {
			return nil, "", fmt.Errorf("%w: %v", errFontEnv, err)
		}
		if r := missing(f, texts); r != 0 {
			why = fmt.Sprintf("%s=%s has no %q", fontEnv, p, r)
		} else {
			return f, "", nil
		}
	}
	for _, p := range knownFonts(getenv) {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		f, err := loadFont(p)
		if err != nil {
			continue
		}
		if r := missing(f, texts); r == 0 {
			return f, "", nil
		} else if why == "" {
			why = fmt.Sprintf("%s has no %q", p, r)
		}
	}
	return nil, why, nil
}

// withFont runs draw with every Liberation Sans text drawn in f instead
// (f nil: as it is), and puts gonum/plot's text handler back after: the SVG
// of a later chart in the same process is measured as before.
func withFont(f *opentype.Font, draw func() error) error {
	if f == nil {
		return draw()
	}
	cache := font.NewCache(liberation.Collection())
	var coll font.Collection
	for _, st := range []stdfont.Style{stdfont.StyleNormal, stdfont.StyleItalic} {
		for _, w := range []stdfont.Weight{stdfont.WeightNormal, stdfont.WeightBold} {
			coll = append(coll, font.Face{Font: font.Font{Typeface: "Liberation", Variant: "Sans", Style: st, Weight: w}, Face: f})
		}
	}
	cache.Add(coll)
	saved := plot.DefaultTextHandler
	plot.DefaultTextHandler = text.Plain{Fonts: cache}
	defer func() { plot.DefaultTextHandler = saved }()
	return draw()
}

// asciiCharts are charts whose labels f cannot draw replaced: a title or an
// axis label by the chart's id or nothing (the English reply's are plain
// ASCII, so this is only a guard), a category by V1, V2, … (a vendor's
// name), a series by S1, …, a mark by M1, …. The same name gets the same
// stand-in in every chart; legend lists "V1 = 成都算力" in order.
func asciiCharts(charts []chat.Chart, f *opentype.Font) (out []chat.Chart, legend []string) {
	given := map[string]string{}
	used := map[string]bool{}
	for _, s := range chartTexts(charts) {
		used[s] = true
	}
	n := map[string]int{}
	stand := func(prefix, s string) string {
		if missing(f, []string{s}) == 0 {
			return s
		}
		if l, ok := given[s]; ok {
			return l
		}
		l := ""
		for l == "" || used[l] {
			n[prefix]++
			l = fmt.Sprintf("%s%d", prefix, n[prefix])
		}
		used[l] = true
		given[s] = l
		legend = append(legend, l+" = "+s)
		return l
	}
	drawable := func(s, instead string) string {
		if missing(f, []string{s}) == 0 {
			return s
		}
		return instead
	}
	for _, c := range charts {
		c.Title = drawable(c.Title, c.ID)
		c.XLabel = drawable(c.XLabel, "")
		c.YLabel = drawable(c.YLabel, "")
		c.XUnit = drawable(c.XUnit, "")
		c.Categories = append([]string(nil), c.Categories...)
		for i, s := range c.Categories {
			c.Categories[i] = stand("V", s)
		}
		c.Series = append([]chat.Series(nil), c.Series...)
		for i := range c.Series {
			c.Series[i].Name = stand("S", c.Series[i].Name)
		}
		c.Marks = append([]chat.Mark(nil), c.Marks...)
		for i := range c.Marks {
			c.Marks[i].Label = stand("M", c.Marks[i].Label)
		}
		out = append(out, c)
	}
	return out, legend
}

// alignedFace copies face i of a font or collection b into a font file of
// its own whose tables start on 4-byte boundaries, as the OpenType spec
// asks (https://learn.microsoft.com/typography/opentype/spec/otff, "Table
// Directory"); nil when b is too short for what its directories say.
func alignedFace(b []byte, i int) []byte {
	u32 := func(o int) int {
		if o < 0 || o+4 > len(b) {
			return -1
		}
		return int(b[o])<<24 | int(b[o+1])<<16 | int(b[o+2])<<8 | int(b[o+3])
	}
	at := 0
	if string(b[:min(4, len(b))]) == "ttcf" {
		at = u32(12 + 4*i)
	}
	if at < 0 || at+12 > len(b) {
		return nil
	}
	n := int(b[at+4])<<8 | int(b[at+5])
	dir := at + 12
	if dir+16*n > len(b) {
		return nil
	}
	out := make([]byte, 12+16*n, len(b)/2)
	copy(out, b[at:dir+16*n])
	for k := 0; k < n; k++ {
		e := dir + 16*k
		off, size := u32(e+8), u32(e+12)
		if off < 0 || size < 0 || off+size > len(b) {
			return nil
		}
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		put := 12 + 16*k + 8
		o := len(out)
		out[put], out[put+1], out[put+2], out[put+3] = byte(o>>24), byte(o>>16), byte(o>>8), byte(o)
		out = append(out, b[off:off+size]...)
	}
	return out
}
