// The Go reference side of tofukit's speed comparison: hcl's hclsyntax and ext/typeexpr doing the
// same work as tofukit's parseConfig + evaluate and typeConstraintWithDefaults, timed in-process.
// See README.md for how to run it; compare.mjs runs the TypeScript side with the same settings.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

func stringFunction(f func(string) string) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "str", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.StringVal(f(args[0].AsString())), nil
		},
	})
}

// The variables and functions of packages/hcl/bench/expressions.bench.ts.
func evalContext() *hcl.EvalContext {
	return &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"var": cty.ObjectVal(map[string]cty.Value{
				"env":       cty.StringVal("dev"),
				"base_size": cty.NumberIntVal(3),
				"tags": cty.ObjectVal(map[string]cty.Value{
					"team":  cty.StringVal("platform"),
					"owner": cty.StringVal("ops"),
				}),
				"prefix": cty.StringVal("acme"),
				"region": cty.StringVal("eu-west-1"),
			}),
		},
		Functions: map[string]function.Function{
			"upper": stringFunction(strings.ToUpper),
			"lower": stringFunction(strings.ToLower),
			"max": function.New(&function.Spec{
				Params: []function.Parameter{
					{Name: "a", Type: cty.Number}, {Name: "b", Type: cty.Number}, {Name: "c", Type: cty.Number},
				},
				Type: function.StaticReturnType(cty.Number),
				Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
					m := args[0]
					for _, v := range args {
						if v.AsBigFloat().Cmp(m.AsBigFloat()) > 0 {
							m = v
						}
					}
					return m, nil
				},
			}),
			"length": function.New(&function.Spec{
				Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType}},
				Type:   function.StaticReturnType(cty.Number),
				Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
					if args[0].Type().IsObjectType() {
						return cty.NumberIntVal(int64(len(args[0].Type().AttributeTypes()))), nil
					}
					return cty.NumberIntVal(0), nil
				},
			}),
		},
	}
}

// parseAndEvaluate is the measured .tfvars operation: parse, JustAttributes, Value of each.
func parseAndEvaluate(src []byte, ctx *hcl.EvalContext) map[string]cty.Value {
	file, diags := hclsyntax.ParseConfig(src, "exprs.tfvars", hcl.InitialPos)
	if diags.HasErrors() {
		panic(diags.Error())
	}
	attrs, diags := file.Body.JustAttributes()
	if diags.HasErrors() {
		panic(diags.Error())
	}
	values := make(map[string]cty.Value, len(attrs))
	for name, attr := range attrs {
		v, diags := attr.Expr.Value(ctx)
		if diags.HasErrors() {
			panic(diags.Error())
		}
		values[name] = v
	}
	return values
}

// The measured type-constraint operation: parse the expression, read it with defaults.
func typeConstraint(src []byte) (cty.Type, *typeexpr.Defaults) {
	expr, diags := hclsyntax.ParseExpression(src, "<type>", hcl.InitialPos)
	if diags.HasErrors() {
		panic(diags.Error())
	}
	ty, defaults, diags := typeexpr.TypeConstraintWithDefaults(expr)
	if diags.HasErrors() {
		panic(diags.Error())
	}
	return ty, defaults
}

func checksum(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

func mustJSON(v cty.Value) string {
	b, err := ctyjson.Marshal(v, v.Type())
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Each attribute as `name = <cty JSON>`, in name order, one per line.
func renderValues(values map[string]cty.Value) string {
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "%s = %s\n", name, mustJSON(values[name]))
	}
	return b.String()
}

// The type string, then every default as `path.attr = <cty JSON>`, in path order.
func renderConstraint(ty cty.Type, defaults *typeexpr.Defaults) string {
	lines := []string{}
	var walk func(d *typeexpr.Defaults, path string)
	walk = func(d *typeexpr.Defaults, path string) {
		if d == nil {
			return
		}
		for name, v := range d.DefaultValues {
			lines = append(lines, fmt.Sprintf("%s.%s = %s", path, name, mustJSON(v)))
		}
		for key, child := range d.Children {
			walk(child, path+"/"+key)
		}
	}
	walk(defaults, "")
	sort.Strings(lines)
	return typeexpr.TypeString(ty) + "\n" + strings.Join(lines, "\n") + "\n"
}

type stats struct{ min, median time.Duration }

// measure runs op `warmup` times untimed, then `rounds` timed batches of `iterations` calls, and
// returns the per-call time of the fastest and of the median batch.
func measure(op func(), warmup, rounds, iterations int) stats {
	for i := 0; i < warmup; i++ {
		op()
	}
	perOp := make([]time.Duration, rounds)
	for r := 0; r < rounds; r++ {
		start := time.Now()
		for i := 0; i < iterations; i++ {
			op()
		}
		perOp[r] = time.Since(start) / time.Duration(iterations)
	}
	sort.Slice(perOp, func(i, j int) bool { return perOp[i] < perOp[j] })
	return stats{perOp[0], perOp[rounds/2]}
}

func main() {
	tfvarsPath := flag.String("tfvars", "", "the .tfvars file of expressions")
	typePath := flag.String("type", "", "a file holding the bucket type constraint")
	rounds := flag.Int("rounds", 15, "timed rounds per operation")
	tfvarsWarmup := flag.Int("tfvars-warmup", 20, "untimed .tfvars calls before timing")
	tfvarsIterations := flag.Int("tfvars-iterations", 5, ".tfvars calls per timed round")
	typeWarmup := flag.Int("type-warmup", 20000, "untimed type-constraint calls before timing")
	typeIterations := flag.Int("type-iterations", 2000, "type-constraint calls per timed round")
	only := flag.String("only", "", "run only this operation (tfvars or bucket)")
	flag.Parse()
	if *tfvarsPath == "" || *typePath == "" || *rounds < 1 {
		fmt.Fprintln(os.Stderr, "usage: reference -tfvars FILE -type FILE [-rounds N] [-tfvars-warmup N] [-tfvars-iterations N] [-type-warmup N] [-type-iterations N] [-only tfvars|bucket]")
		os.Exit(2)
	}
	tfvars, err := os.ReadFile(*tfvarsPath)
	if err != nil {
		panic(err)
	}
	typeSrc, err := os.ReadFile(*typePath)
	if err != nil {
		panic(err)
	}
	ctx := evalContext()

	report := func(name string, op func(), warmup, iterations int, check string) {
		s := measure(op, warmup, *rounds, iterations)
		fmt.Printf("%s\tmin_ns=%d\tmedian_ns=%d\tchecksum=%s\n", name, s.min.Nanoseconds(), s.median.Nanoseconds(), check)
	}

	if *only == "" || *only == "tfvars" {
		values := parseAndEvaluate(tfvars, ctx)
		if os.Getenv("REFERENCE_DUMP") != "" {
			fmt.Fprint(os.Stderr, renderValues(values))
		}
		report("tfvars", func() { parseAndEvaluate(tfvars, ctx) }, *tfvarsWarmup, *tfvarsIterations, checksum(renderValues(values)))
	}
	if *only == "" || *only == "bucket" {
		ty, defaults := typeConstraint(typeSrc)
		if os.Getenv("REFERENCE_DUMP") != "" {
			fmt.Fprint(os.Stderr, renderConstraint(ty, defaults))
		}
		report("bucket", func() { typeConstraint(typeSrc) }, *typeWarmup, *typeIterations, checksum(renderConstraint(ty, defaults)))
	}
}
