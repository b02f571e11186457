package checks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"go.yaml.in/yaml/v4"
)

// A check's arguments are sent, and written, in the order they were
// recorded or written in the file: a server may care (the first argument a
// person sees is the one they give first), and a replay that sorts them is
// not the call that was made. Check.Arguments is a map, which keeps no
// order, so the order travels beside it in Check.ArgumentsJSON and is used
// while it still holds what Arguments holds.

// orderedArguments is c's arguments as JSON in their order, or nil when
// there is no order to keep (or Arguments was changed since).
func (c *Check) orderedArguments() json.RawMessage {
	if len(c.ArgumentsJSON) == 0 || len(c.Arguments) == 0 {
		return nil
	}
	var fromJSON, fromMap any
	b, err := json.Marshal(c.Arguments)
	if err != nil || json.Unmarshal(c.ArgumentsJSON, &fromJSON) != nil || json.Unmarshal(b, &fromMap) != nil || !reflect.DeepEqual(fromJSON, fromMap) {
		return nil
	}
	return c.ArgumentsJSON
}

// argumentsToSend is the arguments object of a tools/call for c.
func (c *Check) argumentsToSend() (json.RawMessage, error) {
	if o := c.orderedArguments(); o != nil {
		return o, nil
	}
	if len(c.Arguments) == 0 {
		return json.RawMessage("{}"), nil
	}
	return json.Marshal(c.Arguments)
}

// MarshalYAML writes the check with its arguments in their order.
func (c Check) MarshalYAML() (any, error) {
	type plain Check
	ordered := c.orderedArguments()
	if ordered == nil {
		return plain(c), nil
	}
	p := plain(c)
	p.Arguments = nil
	var n yaml.Node
	if err := n.Encode(p); err != nil {
		return nil, err
	}
	args, err := jsonNode(ordered)
	if err != nil {
		return plain(c), nil
	}
	key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "arguments"}
	at := len(n.Content)
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "tool" {
			at = i + 2
		}
	}
	n.Content = append(n.Content[:at], append([]*yaml.Node{key, args}, n.Content[at:]...)...)
	return &n, nil
}

// jsonNode turns JSON into a YAML node with its objects' keys in order.
func jsonNode(raw json.RawMessage) (*yaml.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var read func() (*yaml.Node, error)
	read = func() (*yaml.Node, error) {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case json.Delim:
			n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			if t == '{' {
				n = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			}
			for dec.More() {
				if t == '{' {
					k, err := dec.Token()
					if err != nil {
						return nil, err
					}
					n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: fmt.Sprint(k)})
				}
				v, err := read()
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, v)
			}
			if _, err := dec.Token(); err != nil { // the closing delimiter
				return nil, err
			}
			return n, nil
		default:
			var n yaml.Node
			if num, ok := t.(json.Number); ok {
				return &yaml.Node{Kind: yaml.ScalarNode, Tag: numberTag(num), Value: num.String()}, nil
			}
			if err := n.Encode(t); err != nil {
				return nil, err
			}
			return &n, nil
		}
	}
	return read()
}

func numberTag(n json.Number) string {
	if _, err := n.Int64(); err == nil {
		return "!!int"
	}
	return "!!float"
}

// nodeJSON turns a YAML node into JSON with its mappings' keys in order.
func nodeJSON(n *yaml.Node) (json.RawMessage, error) {
	switch n.Kind {
	case yaml.AliasNode:
		return nodeJSON(n.Alias)
	case yaml.MappingNode:
		var b bytes.Buffer
		b.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(n.Content[i].Value)
			v, err := nodeJSON(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			b.Write(k)
			b.WriteByte(':')
			b.Write(v)
		}
		b.WriteByte('}')
		return b.Bytes(), nil
	case yaml.SequenceNode:
		var b bytes.Buffer
		b.WriteByte('[')
		for i, e := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			v, err := nodeJSON(e)
			if err != nil {
				return nil, err
			}
			b.Write(v)
		}
		b.WriteByte(']')
		return b.Bytes(), nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// readArgumentOrder sets each check's ArgumentsJSON from the file's own
// text, where its arguments' keys are in the order they were written.
func readArgumentOrder(data []byte, f *File) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) || len(doc.Content) == 0 {
		return
	}
	checksNode := mappingValue(doc.Content[0], "checks")
	if checksNode == nil || checksNode.Kind != yaml.SequenceNode || len(checksNode.Content) != len(f.Checks) {
		return
	}
	for i, cn := range checksNode.Content {
		if a := mappingValue(cn, "arguments"); a != nil && a.Kind == yaml.MappingNode {
			if j, err := nodeJSON(a); err == nil {
				f.Checks[i].ArgumentsJSON = j
			}
		}
	}
}

func mappingValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
