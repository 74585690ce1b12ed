module github.com/bridgereport/bridgereport

go 1.26.8

require (
	github.com/go-echarts/go-echarts/v2 v2.6.7
	github.com/yuin/goldmark v1.8.7
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/kr/text v0.2.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
