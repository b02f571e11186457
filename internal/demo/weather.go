package demo

import (
	"context"
	"math"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type weatherArgs struct {
	City  string `json:"city"`
	Units string `json:"units"`
}

type weatherReport struct {
	City            string  `json:"city"`
	Condition       string  `json:"condition"`
	Temperature     float64 `json:"temperature"`
	Units           string  `json:"units"`
	HumidityPercent int     `json:"humidity_percent"`
	WindKPH         int     `json:"wind_kph"`
	Note            string  `json:"note"`
}

// fakeWeather is the whole of the demo's "forecast": fixed, so that the
// same question always gets the same answer and no network is needed.
func fakeWeather() map[string]weatherReport {
	return map[string]weatherReport{
		"Amsterdam": {Condition: "rain", Temperature: 11.5, HumidityPercent: 87, WindKPH: 24},
		"Cairo":     {Condition: "sunny", Temperature: 31.0, HumidityPercent: 22, WindKPH: 12},
		"Lima":      {Condition: "cloudy", Temperature: 18.5, HumidityPercent: 79, WindKPH: 9},
		"Reykjavik": {Condition: "snow", Temperature: -2.0, HumidityPercent: 70, WindKPH: 35},
		"Tokyo":     {Condition: "partly cloudy", Temperature: 22.0, HumidityPercent: 60, WindKPH: 14},
	}
}

func weatherCities() []string {
	return []string{"Amsterdam", "Cairo", "Lima", "Reykjavik", "Tokyo"}
}

func (d *demoServer) addWeatherTool(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "weather_report",
		Title: "Weather report (made up)",
		Description: "Gives a weather report for one of five cities as a structured result " +
			"(condition, temperature, humidity, wind) that follows the tool's output schema. " +
			"The weather is invented and always the same: nothing is looked up on the internet.",
		InputSchema: object(
			required("city", choice("City", "Which city to report on.", weatherCities()...)),
			optional("units", withDefault(choice("Units", "Degrees Celsius or Fahrenheit.", "celsius", "fahrenheit"), "celsius")),
		),
		OutputSchema: object(
			required("city", choice("City", "The city reported on.", weatherCities()...)),
			required("condition", choice("Condition", "What the sky is doing.", "sunny", "partly cloudy", "cloudy", "rain", "snow")),
			required("temperature", number("Temperature", "In the units asked for.")),
			required("units", choice("Units", "The units of temperature.", "celsius", "fahrenheit")),
			required("humidity_percent", integer("Humidity (%)", "Relative humidity.", 0, 100)),
			required("wind_kph", &jsonschema.Schema{Type: "integer", Title: "Wind (km/h)", Description: "Wind speed in kilometres per hour.", Minimum: jsonschema.Ptr(0.0)}),
			required("note", text("Note", "A reminder that this weather is made up.")),
		),
		Annotations: readOnlyHints(),
	}, func(_ context.Context, _ *sdk.CallToolRequest, in weatherArgs) (*sdk.CallToolResult, weatherReport, error) {
		report := fakeWeather()[in.City]
		report.City = in.City
		report.Units = in.Units
		report.Note = "Made-up weather from the MCP Browser demo server."
		unit := "°C"
		if in.Units == "fahrenheit" {
			report.Temperature = math.Round((report.Temperature*9/5+32)*10) / 10
			unit = "°F"
		}
		return textResult("%s: %s, %s%s, humidity %d%%, wind %d km/h (made up).",
			report.City, report.Condition, formatNumber(report.Temperature), unit,
			report.HumidityPercent, report.WindKPH), report, nil
	})
}
