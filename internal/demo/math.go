package demo

import (
	"context"
	"errors"
	"math"
	"slices"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// addLimit keeps add's whole numbers, and their sum, exact: JSON numbers
// are doubles in most clients, exact only up to 2^53 (about 9×10^15).
const addLimit = 1_000_000_000_000

type addArgs struct {
	A int64 `json:"a"`
	B int64 `json:"b"`
}

type addOutput struct {
	Sum int64 `json:"sum"`
}

type statsArgs struct {
	Numbers []float64 `json:"numbers"`
}

type statsOutput struct {
	Count  int     `json:"count"`
	Sum    float64 `json:"sum"`
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

func (d *demoServer) addMathTools(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "add",
		Title: "Add two numbers",
		Description: "Adds two whole numbers and gives back their sum, both as text and as a " +
			"structured result {\"sum\": …}. Each number must be between -1,000,000,000,000 and " +
			"1,000,000,000,000; numbers with a decimal point are refused (try stats for those).",
		InputSchema: object(
			required("a", integer("First number", "A whole number, for example 2.", -addLimit, addLimit)),
			required("b", integer("Second number", "A whole number, for example 3.", -addLimit, addLimit)),
		),
		OutputSchema: object(
			required("sum", &jsonschema.Schema{Type: "integer", Title: "Sum", Description: "a + b"}),
		),
		Annotations: readOnlyHints(),
	}, func(_ context.Context, _ *sdk.CallToolRequest, in addArgs) (*sdk.CallToolResult, addOutput, error) {
		sum := in.A + in.B
		return textResult("%d + %d = %d", in.A, in.B, sum), addOutput{Sum: sum}, nil
	})

	sdk.AddTool(s, &sdk.Tool{
		Name:  "stats",
		Title: "Statistics of a list of numbers",
		Description: "Takes a list of numbers (at least one, at most 10,000; decimals allowed) and " +
			"gives back how many there are, their sum, mean (average), median (middle value), " +
			"smallest and largest, as a structured result.",
		InputSchema: object(
			required("numbers", array("Numbers", "The numbers to summarise, for example [3, 1.5, 4].",
				number("Number", "Any number."), 1, 10_000)),
		),
		OutputSchema: object(
			required("count", &jsonschema.Schema{Type: "integer", Title: "Count", Description: "How many numbers were given.", Minimum: jsonschema.Ptr(1.0)}),
			required("sum", number("Sum", "All numbers added up.")),
			required("mean", number("Mean", "The average: sum divided by count.")),
			required("median", number("Median", "The middle value once sorted (the mean of the two middle values for an even count).")),
			required("min", number("Smallest", "The smallest number.")),
			required("max", number("Largest", "The largest number.")),
		),
		Annotations: readOnlyHints(),
	}, func(_ context.Context, _ *sdk.CallToolRequest, in statsArgs) (*sdk.CallToolResult, statsOutput, error) {
		out := summarise(in.Numbers)
		if math.IsInf(out.Sum, 0) {
			// A plain error becomes an isError result without structured content.
			return nil, statsOutput{}, errors.New("the numbers are too large to add up: their sum does not fit in a number")
		}
		return textResult("%d numbers: sum %s, mean %s, median %s, smallest %s, largest %s.",
			out.Count, formatNumber(out.Sum), formatNumber(out.Mean), formatNumber(out.Median),
			formatNumber(out.Min), formatNumber(out.Max)), out, nil
	})
}

// summarise computes statsOutput for a non-empty list; the input schema's
// minItems guarantees at least one number.
func summarise(numbers []float64) statsOutput {
	sorted := slices.Clone(numbers)
	slices.Sort(sorted)
	out := statsOutput{Count: len(sorted), Min: sorted[0], Max: sorted[len(sorted)-1]}
	for _, n := range sorted {
		out.Sum += n
	}
	out.Mean = out.Sum / float64(out.Count)
	mid := len(sorted) / 2
	if len(sorted)%2 == 1 {
		out.Median = sorted[mid]
	} else {
		out.Median = (sorted[mid-1] + sorted[mid]) / 2
	}
	return out
}

// formatNumber writes n in the shortest form that reads back exactly.
func formatNumber(n float64) string {
	return strconv.FormatFloat(n, 'g', -1, 64)
}
