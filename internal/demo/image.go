package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxImageSide bounds draw_gradient's pictures: big enough to look at,
// small enough that the base64 in the result stays well under a megabyte.
const maxImageSide = 1024

type gradientArgs struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Colour string `json:"colour"`
}

func (d *demoServer) addImageTool(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "draw_gradient",
		Title: "Draw a colour gradient",
		Description: "Paints a picture of the size you choose, fading from dark to bright in one " +
			"colour, or through all colours of the rainbow, and sends it back as a PNG image. " +
			"Use it to see how images in results look.",
		InputSchema: object(
			optional("width", withDefault(integer("Width (pixels)", "How wide the picture is.", 1, maxImageSide), 256)),
			optional("height", withDefault(integer("Height (pixels)", "How tall the picture is.", 1, maxImageSide), 128)),
			optional("colour", withDefault(choice("Colour", "Which colours to paint with.",
				"rainbow", "red", "green", "blue", "grey"), "rainbow")),
		),
		Annotations: readOnlyHints(),
	}, func(_ context.Context, _ *sdk.CallToolRequest, in gradientArgs) (*sdk.CallToolResult, any, error) {
		data, err := gradientPNG(in.Width, in.Height, in.Colour)
		if err != nil {
			return errorResult("Could not draw the picture: %v.", err), nil, nil
		}
		return &sdk.CallToolResult{Content: []sdk.Content{
			&sdk.TextContent{Text: fmt.Sprintf("A %d×%d %s gradient (PNG, %d bytes):", in.Width, in.Height, in.Colour, len(data))},
			&sdk.ImageContent{Data: data, MIMEType: "image/png"},
		}}, nil, nil
	})
}

// gradientPNG paints a left-to-right gradient in PNG form. The same
// arguments always give the same picture.
func gradientPNG(width, height int, colour string) ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	for x := range width {
		t := 0.0
		if width > 1 {
			t = float64(x) / float64(width-1)
		}
		c := gradientColour(colour, t)
		for y := range height {
			// Darken towards the bottom so the picture has two directions.
			shade := 1 - 0.5*float64(y)/float64(max(height-1, 1))
			img.SetNRGBA(x, y, color.NRGBA{
				R: uint8(float64(c.R) * shade),
				G: uint8(float64(c.G) * shade),
				B: uint8(float64(c.B) * shade),
				A: 255,
			})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encoding the PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// gradientColour returns the colour at position t (0 to 1) of a gradient.
func gradientColour(colour string, t float64) color.NRGBA {
	level := uint8(math.Round(40 + 215*t))
	switch colour {
	case "red":
		return color.NRGBA{R: level, A: 255}
	case "green":
		return color.NRGBA{G: level, A: 255}
	case "blue":
		return color.NRGBA{B: level, A: 255}
	case "grey":
		return color.NRGBA{R: level, G: level, B: level, A: 255}
	default:
		return hue(t * 300) // red through violet, stopping short of red again
	}
}

// hue returns the fully saturated, fully bright colour at angle degrees.
func hue(degrees float64) color.NRGBA {
	h := math.Mod(degrees, 360) / 60
	x := 1 - math.Abs(math.Mod(h, 2)-1)
	var r, g, b float64
	switch int(h) {
	case 0:
		r, g = 1, x
	case 1:
		r, g = x, 1
	case 2:
		g, b = 1, x
	case 3:
		g, b = x, 1
	case 4:
		r, b = x, 1
	default:
		r, b = 1, x
	}
	return color.NRGBA{R: uint8(math.Round(255 * r)), G: uint8(math.Round(255 * g)), B: uint8(math.Round(255 * b)), A: 255}
}

// samplePNG is the picture in a fresh sandbox's images folder.
func samplePNG() []byte {
	data, err := gradientPNG(64, 32, "rainbow")
	if err != nil {
		// Encoding an in-memory picture into a buffer cannot fail.
		panic(fmt.Sprintf("demo: drawing the sample picture: %v", err))
	}
	return data
}
