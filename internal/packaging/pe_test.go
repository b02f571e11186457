package packaging

import (
	"bytes"
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf16"
)

// What the Windows test reads from a PE file: the header fields and the
// resources (.rsrc), which debug/pe does not parse.

const (
	machineAMD64        = pe.IMAGE_FILE_MACHINE_AMD64
	subsystemWindowsGUI = pe.IMAGE_SUBSYSTEM_WINDOWS_GUI

	// Resource types (winuser.h).
	rtIcon      = 3
	rtGroupIcon = 14
	rtVersion   = 16
	rtManifest  = 24
)

type peInfo struct {
	machine   uint16
	pe32plus  bool
	subsystem uint16
	// resources maps a resource type to the data of each resource of it.
	resources map[uint32][][]byte
}

func readPE(data []byte) (peInfo, error) {
	f, err := pe.NewFile(bytes.NewReader(data))
	if err != nil {
		return peInfo{}, fmt.Errorf("not a PE file: %w", err)
	}
	defer f.Close()
	info := peInfo{machine: f.Machine, resources: map[uint32][][]byte{}}
	switch h := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		info.pe32plus, info.subsystem = true, h.Subsystem
	case *pe.OptionalHeader32:
		info.subsystem = h.Subsystem
	default:
		return info, errors.New("no optional header")
	}
	rsrc := f.Section(".rsrc")
	if rsrc == nil {
		return info, nil
	}
	sec, err := rsrc.Data()
	if err != nil {
		return info, fmt.Errorf("reading .rsrc: %w", err)
	}
	r := resourceReader{sec: sec, base: rsrc.VirtualAddress}
	types, err := r.dir(0)
	if err != nil {
		return info, err
	}
	// Three levels: type → name or ID → language → data.
	for _, typ := range types {
		if !typ.isDir {
			continue
		}
		names, err := r.dir(typ.offset)
		if err != nil {
			return info, err
		}
		for _, name := range names {
			langs := []resourceEntry{name}
			if name.isDir {
				if langs, err = r.dir(name.offset); err != nil {
					return info, err
				}
			}
			for _, lang := range langs {
				d, err := r.data(lang.offset)
				if err != nil {
					return info, err
				}
				info.resources[typ.id] = append(info.resources[typ.id], d)
			}
		}
	}
	return info, nil
}

// A resourceReader walks the resource directory of a .rsrc section.
type resourceReader struct {
	sec  []byte
	base uint32 // the section's RVA; data entries hold RVAs
}

type resourceEntry struct {
	id     uint32 // type or name ID (named entries keep their name offset)
	isDir  bool
	offset uint32 // within the section
}

func (r resourceReader) dir(off uint32) ([]resourceEntry, error) {
	if int(off)+16 > len(r.sec) {
		return nil, fmt.Errorf("resource directory at %#x is outside .rsrc", off)
	}
	n := int(binary.LittleEndian.Uint16(r.sec[off+12:])) + int(binary.LittleEndian.Uint16(r.sec[off+14:]))
	entries := make([]resourceEntry, 0, n)
	for i := range n {
		e := int(off) + 16 + 8*i
		if e+8 > len(r.sec) {
			return nil, fmt.Errorf("resource entry at %#x is outside .rsrc", e)
		}
		id := binary.LittleEndian.Uint32(r.sec[e:])
		to := binary.LittleEndian.Uint32(r.sec[e+4:])
		entries = append(entries, resourceEntry{id: id, isDir: to&0x80000000 != 0, offset: to &^ 0x80000000})
	}
	return entries, nil
}

func (r resourceReader) data(off uint32) ([]byte, error) {
	if int(off)+16 > len(r.sec) {
		return nil, fmt.Errorf("resource data entry at %#x is outside .rsrc", off)
	}
	rva := binary.LittleEndian.Uint32(r.sec[off:])
	size := binary.LittleEndian.Uint32(r.sec[off+4:])
	start := int64(rva) - int64(r.base)
	if start < 0 || start+int64(size) > int64(len(r.sec)) {
		return nil, fmt.Errorf("resource data at RVA %#x (%d bytes) is outside .rsrc", rva, size)
	}
	return r.sec[start : start+int64(size)], nil
}

// iconGroupSizes lists the widths in an RT_GROUP_ICON (a GRPICONDIR: 6-byte
// header, then 14-byte entries whose first byte is the width, 0 for 256).
func iconGroupSizes(group []byte) []int {
	if len(group) < 6 {
		return nil
	}
	var sizes []int
	count := int(binary.LittleEndian.Uint16(group[4:]))
	for i := range count {
		e := 6 + 14*i
		if e+14 > len(group) {
			break
		}
		w := int(group[e])
		if w == 0 {
			w = 256
		}
		sizes = append(sizes, w)
	}
	return sizes
}

// utf16le encodes s as Windows stores strings in version information.
func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}
