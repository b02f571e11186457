package i18n

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype/tables"
)

// A CJK face is mostly outlines (Noto Sans CJK SC: 15 of its 16 MB), and
// every text style Fyne draws parses the theme's face again, keeping its
// own copy of them (go-text reads each table into memory). The faces of a
// collection share one outline table that also holds the Korean syllables,
// the rare ideographs and the Japanese, Korean and traditional variants
// the Simplified Chinese face reaches only through features the window
// never asks for. slimFace keeps the outlines of what the window draws:
// every character of the face but those of dropChars, and the glyphs the
// shaping features that are always on (defaultFeatures) turn them into;
// the other glyphs keep their place (every other table stays valid) with
// an empty outline, and their characters leave the cmap so that Fyne takes
// them from another system font. Outlines kept are byte for byte the
// original ones.

// dropChars says whether r's outline is left out of the slim face: Hangul,
// the CJK extensions beyond the unified block and the compatibility
// ideographs (rare in Chinese text; Fyne draws them with a system font).
func dropChars(r rune) bool {
	switch {
	case r >= 0x1100 && r <= 0x11FF, r >= 0x3130 && r <= 0x318F, r >= 0xA960 && r <= 0xA97F,
		r >= 0xAC00 && r <= 0xD7FF: // Hangul
		return true
	case r >= 0x3400 && r <= 0x4DBF: // CJK extension A
		return true
	case r >= 0xF900 && r <= 0xFAFF, r >= 0x2F800 && r <= 0x2FA1F: // compatibility ideographs
		return true
	case r >= 0x20000: // extensions B and later
		return true
	}
	return false
}

// defaultFeatures are the substitutions go-text applies to horizontal text
// with no feature asked for (HarfBuzz's defaults that can change a glyph).
var defaultFeatures = []string{"ccmp", "locl", "rlig", "calt", "clig", "liga", "rclt"}

// slimFace rewrites the tables of a CFF-outlined face (as faceTables reads
// them) as slimFace says; an error leaves the face as it is to the caller.
func slimFace(tabs []table) error {
	cmapAt, cffAt, gsubAt := -1, -1, -1
	for i, t := range tabs {
		switch t.tag {
		case "cmap":
			cmapAt = i
		case "CFF ":
			cffAt = i
		case "GSUB":
			gsubAt = i
		}
	}
	if cmapAt < 0 || cffAt < 0 {
		return errors.New("not a CFF font with a cmap")
	}
	raw, _, err := tables.ParseCmap(tabs[cmapAt].data)
	if err != nil {
		return err
	}
	cmap, _, err := font.ProcessCmap(raw, tables.FPNone)
	if err != nil {
		return err
	}
	var chars []charGlyph
	keep := make([]bool, 1<<16)
	keep[0] = true
	for it := cmap.Iter(); it.Next(); {
		r, g := it.Char()
		if dropChars(r) || g > 0xFFFF {
			continue
		}
		chars = append(chars, charGlyph{r, uint16(g)})
		keep[g] = true
	}
	if gsubAt >= 0 {
		if err := keepSubstitutes(tabs[gsubAt].data, keep); err != nil {
			return err
		}
	}
	cff, err := emptyOutlines(tabs[cffAt].data, keep)
	if err != nil {
		return err
	}
	tabs[cffAt].data = cff
	tabs[cmapAt].data = cmap12(chars)
	return nil
}

type charGlyph struct {
	r rune
	g uint16
}

// keepSubstitutes adds to keep the glyphs the default features of each
// script's default language system (go-text shapes with no language)
// substitute for kept glyphs, until nothing more is added. Contextual
// lookups name the lookups they apply; those are followed too.
func keepSubstitutes(gsub []byte, keep []bool) error {
	layout, _, err := tables.ParseLayout(gsub)
	if err != nil {
		return err
	}
	lookups := map[int]bool{}
	features := layout.FeatureList
	use := func(i int) {
		if i < len(features.Records) && i < len(features.Features) &&
			slices.Contains(defaultFeatures, string(tagBytes(uint32(features.Records[i].Tag)))) {
			for _, l := range features.Features[i].LookupListIndices {
				lookups[int(l)] = true
			}
		}
	}
	for _, script := range layout.ScriptList.Scripts {
		if ls := script.DefaultLangSys; ls != nil {
			use(int(ls.RequiredFeatureIndex))
			for _, f := range ls.FeatureIndices {
				use(int(f))
			}
		}
	}
	subtables := map[int][]tables.GSUBLookup{}
	for changed := true; changed; {
		changed = false
		add := func(g tables.GlyphID) {
			if int(g) < len(keep) && !keep[g] {
				keep[g] = true
				changed = true
			}
		}
		for l := range lookups {
			if l >= len(layout.LookupList.Lookups) {
				continue
			}
			subs, ok := subtables[l]
			if !ok {
				subs, err = layout.LookupList.Lookups[l].AsGSUBLookups()
				if err != nil {
					return err
				}
				subtables[l] = subs
			}
			for _, s := range subs {
				for _, nested := range substitutes(s, keep, add) {
					if !lookups[nested] {
						lookups[nested] = true
						changed = true
					}
				}
			}
		}
	}
	return nil
}

// eachCovered calls f with each kept glyph of cov and its coverage index.
func eachCovered(cov tables.Coverage, keep []bool, f func(g tables.GlyphID, index int)) {
	switch c := cov.(type) {
	case tables.Coverage1:
		for i, g := range c.Glyphs {
			if int(g) < len(keep) && keep[g] {
				f(g, i)
			}
		}
	case tables.Coverage2:
		for _, r := range c.Ranges {
			for g := int(r.StartGlyphID); g <= int(r.EndGlyphID) && g < len(keep); g++ {
				if keep[g] {
					f(tables.GlyphID(g), int(r.StartCoverageIndex)+g-int(r.StartGlyphID))
				}
			}
		}
	}
}

// substitutes calls add with the glyphs s puts in place of kept glyphs and
// returns the lookups a contextual s applies.
func substitutes(s tables.GSUBLookup, keep []bool, add func(tables.GlyphID)) (nested []int) {
	if ext, ok := s.(tables.ExtensionSubs); ok {
		inner, err := ext.Resolve()
		if err != nil {
			return nil
		}
		s = inner
	}
	switch s := s.(type) {
	case tables.SingleSubs:
		switch d := s.Data.(type) {
		case tables.SingleSubstData1:
			eachCovered(d.Coverage, keep, func(g tables.GlyphID, _ int) {
				add(tables.GlyphID(int(g) + int(d.DeltaGlyphID)))
			})
		case tables.SingleSubstData2:
			eachCovered(d.Coverage, keep, func(_ tables.GlyphID, i int) {
				if i < len(d.SubstituteGlyphIDs) {
					add(d.SubstituteGlyphIDs[i])
				}
			})
		}
	case tables.MultipleSubs:
		eachCovered(s.Coverage, keep, func(_ tables.GlyphID, i int) {
			if i < len(s.Sequences) {
				for _, g := range s.Sequences[i].SubstituteGlyphIDs {
					add(g)
				}
			}
		})
	case tables.AlternateSubs:
		eachCovered(s.Coverage, keep, func(_ tables.GlyphID, i int) {
			if i < len(s.AlternateSets) {
				for _, g := range s.AlternateSets[i].AlternateGlyphIDs {
					add(g)
				}
			}
		})
	case tables.LigatureSubs:
		eachCovered(s.Coverage, keep, func(_ tables.GlyphID, i int) {
			if i < len(s.LigatureSets) {
				for _, l := range s.LigatureSets[i].Ligatures {
					add(l.LigatureGlyph)
				}
			}
		})
	case tables.ReverseChainSingleSubs:
		for _, g := range s.SubstituteGlyphIDs {
			add(g)
		}
	default:
		// Contextual substitutions apply other lookups: follow them all.
		return nestedLookups(s)
	}
	return nil
}

func nestedLookups(s tables.GSUBLookup) (out []int) {
	add := func(recs []tables.SequenceLookupRecord) {
		for _, r := range recs {
			out = append(out, int(r.LookupListIndex))
		}
	}
	switch s := s.(type) {
	case tables.ContextualSubs:
		switch d := s.Data.(type) {
		case tables.ContextualSubs1:
			for _, set := range d.SeqRuleSet {
				for _, rule := range set.SeqRule {
					add(rule.SeqLookupRecords)
				}
			}
		case tables.ContextualSubs2:
			for _, set := range d.ClassSeqRuleSet {
				for _, rule := range set.SeqRule {
					add(rule.SeqLookupRecords)
				}
			}
		case tables.ContextualSubs3:
			add(d.SeqLookupRecords)
		}
	case tables.ChainedContextualSubs:
		switch d := s.Data.(type) {
		case tables.ChainedContextualSubs1:
			for _, set := range d.ChainedSeqRuleSet {
				for _, rule := range set.ChainedSeqRules {
					add(rule.SeqLookupRecords)
				}
			}
		case tables.ChainedContextualSubs2:
			for _, set := range d.ChainedClassSeqRuleSet {
				for _, rule := range set.ChainedSeqRules {
					add(rule.SeqLookupRecords)
				}
			}
		case tables.ChainedContextualSubs3:
			add(d.SeqLookupRecords)
		}
	}
	return out
}

func tagBytes(t uint32) []byte { return binary.BigEndian.AppendUint32(nil, t) }

// cmap12 is a cmap table with one format 12 subtable (Windows, full
// Unicode) mapping chars, which are in increasing order.
func cmap12(chars []charGlyph) []byte {
	type group struct {
		start, end rune
		glyph      uint16
	}
	var groups []group
	for _, c := range chars {
		if n := len(groups); n > 0 && groups[n-1].end+1 == c.r && int(groups[n-1].glyph)+int(c.r-groups[n-1].start) == int(c.g) {
			groups[n-1].end = c.r
			continue
		}
		groups = append(groups, group{c.r, c.r, c.g})
	}
	sub := 16 + 12*len(groups)
	out := make([]byte, 0, 12+sub)
	out = binary.BigEndian.AppendUint16(out, 0) // version
	out = binary.BigEndian.AppendUint16(out, 1) // one subtable
	out = binary.BigEndian.AppendUint16(out, 3) // Windows
	out = binary.BigEndian.AppendUint16(out, 10)
	out = binary.BigEndian.AppendUint32(out, 12)
	out = binary.BigEndian.AppendUint16(out, 12) // format
	out = binary.BigEndian.AppendUint16(out, 0)
	out = binary.BigEndian.AppendUint32(out, uint32(sub))
	out = binary.BigEndian.AppendUint32(out, 0) // language
	out = binary.BigEndian.AppendUint32(out, uint32(len(groups)))
	for _, g := range groups {
		out = binary.BigEndian.AppendUint32(out, uint32(g.start))
		out = binary.BigEndian.AppendUint32(out, uint32(g.end))
		out = binary.BigEndian.AppendUint32(out, uint32(g.glyph))
	}
	return out
}

// emptyOutlines is the CFF table with the charstrings of the glyphs not in
// keep replaced by an empty outline (endchar). Only the CharStrings INDEX
// changes size; the offsets (from the table's start) of what follows it,
// in the Top DICT and the font DICTs of a CID font, move with it. They are
// rewritten in place, so they must be five-byte integers, as every
// offset past 32 KB is; anything else is refused.
func emptyOutlines(cff []byte, keep []bool) ([]byte, error) {
	if len(cff) < 4 || cff[0] != 1 {
		return nil, errors.New("not a CFF table of version 1")
	}
	p := int(cff[2])                // header size
	_, end, err := cffIndex(cff, p) // Name INDEX
	if err != nil {
		return nil, err
	}
	topDicts, topEnd, err := cffIndex(cff, end)
	if err != nil || len(topDicts) != 1 {
		return nil, fmt.Errorf("the CFF Top DICT INDEX: %v", err)
	}
	_ = topEnd
	top, err := dictOperands(cff, topDicts[0][0], topDicts[0][1])
	if err != nil {
		return nil, err
	}
	csOp, ok := top[17]
	if !ok || len(csOp) != 1 {
		return nil, errors.New("no CharStrings in the CFF Top DICT")
	}
	csAt := csOp[0].value
	strs, csEnd, err := cffIndex(cff, csAt)
	if err != nil {
		return nil, err
	}
	var cs []byte
	n := len(strs)
	offsets := make([]uint32, 0, n+1)
	offsets = append(offsets, 1)
	var body []byte
	for g, s := range strs {
		if g < len(keep) && keep[g] {
			body = append(body, cff[s[0]:s[1]]...)
		} else {
			body = append(body, 14) // endchar
		}
		offsets = append(offsets, uint32(len(body)+1))
	}
	cs = binary.BigEndian.AppendUint16(cs, uint16(n))
	cs = append(cs, 4)
	for _, o := range offsets {
		cs = binary.BigEndian.AppendUint32(cs, o)
	}
	cs = append(cs, body...)
	delta := len(cs) - (csEnd - csAt)
	out := make([]byte, 0, len(cff)+delta)
	out = append(out, cff[:csAt]...)
	out = append(out, cs...)
	out = append(out, cff[csEnd:]...)
	moved := func(at int) int {
		if at >= csEnd {
			return at + delta
		}
		return at
	}
	// fix rewrites an offset operand (found in cff at its place) in out.
	fix := func(o operand) error {
		if o.value < csEnd {
			return nil
		}
		if o.size != 5 {
			return errors.New("a CFF offset is not a five-byte integer")
		}
		binary.BigEndian.PutUint32(out[moved(o.at)+1:], uint32(o.value+delta))
		return nil
	}
	for op, ops := range top {
		switch op {
		case 15, 16, 1200 + 36, 1200 + 37: // charset, Encoding, FDArray, FDSelect
			if op == 15 || op == 16 {
				if ops[0].value <= 2 { // a predefined charset or encoding
					continue
				}
			}
			if err := fix(ops[0]); err != nil {
				return nil, err
			}
		case 18: // Private: size, offset
			if len(ops) == 2 {
				if err := fixPrivate(cff, ops, csAt, csEnd, fix); err != nil {
					return nil, err
				}
			}
		}
	}
	if fd, ok := top[1200+36]; ok {
		dicts, _, err := cffIndex(cff, fd[0].value)
		if err != nil {
			return nil, err
		}
		for _, d := range dicts {
			ops, err := dictOperands(cff, d[0], d[1])
			if err != nil {
				return nil, err
			}
			if priv := ops[18]; len(priv) == 2 {
				if err := fixPrivate(cff, priv, csAt, csEnd, fix); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// fixPrivate moves a Private DICT's offset; its Subrs offset is relative
// to the DICT, so the DICT and its subroutines must lie on the same side
// of the charstrings.
func fixPrivate(cff []byte, ops []operand, csAt, csEnd int, fix func(operand) error) error {
	size, at := ops[0].value, ops[1].value
	if at < csEnd && at+size > csAt {
		return errors.New("a CFF Private DICT overlaps the charstrings")
	}
	priv, err := dictOperands(cff, at, at+size)
	if err != nil {
		return err
	}
	if subrs, ok := priv[19]; ok && len(subrs) == 1 {
		if s := at + subrs[0].value; (s >= csEnd) != (at >= csEnd) {
			return errors.New("a CFF Private DICT and its subroutines lie apart")
		}
	}
	return fix(ops[1])
}

// cffIndex reads the CFF INDEX at p: the bounds of its items and its end.
func cffIndex(b []byte, p int) (items [][2]int, end int, err error) {
	if p < 0 || p+2 > len(b) {
		return nil, 0, errors.New("a CFF INDEX is out of bounds")
	}
	count := int(binary.BigEndian.Uint16(b[p:]))
	if count == 0 {
		return nil, p + 2, nil
	}
	if p+3 > len(b) {
		return nil, 0, errors.New("a CFF INDEX is out of bounds")
	}
	size := int(b[p+2])
	if size < 1 || size > 4 || p+3+(count+1)*size > len(b) {
		return nil, 0, errors.New("a CFF INDEX is malformed")
	}
	offset := func(i int) int {
		v := 0
		for _, c := range b[p+3+i*size : p+3+(i+1)*size] {
			v = v<<8 | int(c)
		}
		return v
	}
	base := p + 3 + (count+1)*size - 1
	items = make([][2]int, count)
	for i := range items {
		items[i] = [2]int{base + offset(i), base + offset(i+1)}
		if items[i][0] > items[i][1] || items[i][1] > len(b) {
			return nil, 0, errors.New("a CFF INDEX is malformed")
		}
	}
	return items, base + offset(count), nil
}

// An operand of a CFF DICT: its integer value, where it starts and its
// size in bytes (reals are read as 0).
type operand struct{ value, at, size int }

// dictOperands reads the CFF DICT in b[p:end]: each operator's operands
// (an escaped operator 12 x is 1200+x).
func dictOperands(b []byte, p, end int) (map[int][]operand, error) {
	if p < 0 || end > len(b) || p > end {
		return nil, errors.New("a CFF DICT is out of bounds")
	}
	out := map[int][]operand{}
	var ops []operand
	for p < end {
		b0 := int(b[p])
		switch {
		case b0 == 12:
			if p+1 >= end {
				return nil, errors.New("a CFF DICT is cut short")
			}
			out[1200+int(b[p+1])] = ops
			ops, p = nil, p+2
		case b0 <= 21:
			out[b0] = ops
			ops, p = nil, p+1
		case b0 == 28:
			if p+3 > end {
				return nil, errors.New("a CFF DICT is cut short")
			}
			ops = append(ops, operand{int(int16(binary.BigEndian.Uint16(b[p+1:]))), p, 3})
			p += 3
		case b0 == 29:
			if p+5 > end {
				return nil, errors.New("a CFF DICT is cut short")
			}
			ops = append(ops, operand{int(int32(binary.BigEndian.Uint32(b[p+1:]))), p, 5})
			p += 5
		case b0 == 30:
			q := p + 1
			for q < end && b[q]&0x0F != 0x0F && b[q]&0xF0 != 0xF0 {
				q++
			}
			ops = append(ops, operand{0, p, q + 1 - p})
			p = q + 1
		case b0 >= 32 && b0 <= 246:
			ops = append(ops, operand{b0 - 139, p, 1})
			p++
		case b0 >= 247 && b0 <= 250:
			if p+2 > end {
				return nil, errors.New("a CFF DICT is cut short")
			}
			ops = append(ops, operand{(b0-247)*256 + int(b[p+1]) + 108, p, 2})
			p += 2
		case b0 >= 251 && b0 <= 254:
			if p+2 > end {
				return nil, errors.New("a CFF DICT is cut short")
			}
			ops = append(ops, operand{-(b0-251)*256 - int(b[p+1]) - 108, p, 2})
			p += 2
		default:
			return nil, fmt.Errorf("a CFF DICT holds the reserved byte %d", b0)
		}
	}
	return out, nil
}
