#pragma once
// A perf_report result table printed exactly as Triton prints it: `print(df)` of a pandas
// DataFrame with columns x_names + "<line name> (<ylabel>)" (pandas' default formatting: 6 decimals with
// trailing zeros trimmed per column, scientific notation for tiny or huge values, right-aligned
// columns, a left-aligned index, the 60-row truncation), and `df.to_csv(float_format='%.1f',
// index=False)` for save_path.

#include "core/host/value.h"

#include <string>
#include <vector>

namespace tsm::host {

struct BenchTable
{
    std::vector<std::string> columns;
    /// One row per x value; cells are int, float, str or None Values.
    std::vector<std::vector<Value>> rows;
    /// Per row: whether pandas saw only numbers and None in the whole row (x, means, mins,
    /// maxes), in which case every cell of the row became a float (4096 prints as 4096.0).
    std::vector<bool> rowAllNumeric;
};

/// The text of print(df) (no trailing newline).
std::string formatBenchTable(const BenchTable &table);
/// The CSV file Triton writes.
std::string benchTableCsv(const BenchTable &table);

} // namespace tsm::host
