#pragma once
// What the last run tells the editor about each kernel: the launch signatures the runner
// compiled it for (`kernel_compiled` events, kept on the UI thread), and what sema infers when
// the check worker specializes the kernel with them again: the type of every named value by
// span (the hover) and sema's own diagnostics (dtype, shape and constexpr errors).

#include "core/diag/diagnostic.h"
#include "core/syntax/ast.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <vector>

namespace tsm {

/// The last launch signatures of each kernel, per file, in the order they were compiled.
class KernelSignatures
{
public:
    /// A run starts: a kernel it compiles again forgets the signatures of earlier runs.
    void beginRun() { ++m_run; }
    /// A `kernel_compiled` event of a run of `path`; a signature seen before moves to the end.
    void record(const QString &path, const QString &kernel, const QString &signature);
    /// The kernels of `path` and their signatures (what a check job takes to its worker).
    KernelSignatures forFile(const QString &path) const;
    QStringList kernels() const;
    QStringList signatures(const QString &kernel) const;
    bool isEmpty() const { return m_entries.isEmpty(); }
    void clear() { m_entries.clear(); }

private:
    struct Entry
    {
        QString path;
        QString kernel;
        QStringList signatures; ///< oldest first
        int run = 0;
    };
    QVector<Entry> m_entries;
    int m_run = 0;
};

/// The type sema gave a name written at bytes [begin, end).
struct ValueTypeAt
{
    int begin = 0;
    int end = 0;
    QString name;
    QString type;   ///< "fp32[1024]", "pointer<fp32>", "constexpr 1024"
    QString kernel; ///< the kernel whose specialization typed it
};

/// The hover's table for one checked text.
struct KernelTypes
{
    struct Kernel
    {
        QString name;
        int specializations = 0; ///< signatures that still fit the kernel's parameters
        QString last;            ///< the arguments that set the last one apart: "BLOCK_SIZE=1024"
    };
    quint64 generation = 0;      ///< of the check job that computed it
    QVector<ValueTypeAt> values; ///< one per span, by position
    QVector<Kernel> kernels;

    /// "x: fp32[1024]", plus "  (last of 2 specializations: BLOCK_SIZE=1024)" (the arguments
    /// that differ) when the kernel had several; "" when no typed name is at byte `offset`.
    QString hoverAt(int offset) const;
    bool isEmpty() const { return values.isEmpty(); }
};

/// What the check worker learns from the signatures: the types, and sema's diagnostics (each
/// with a note naming the run's signature), minus any that a front-end error already covers.
struct KernelAnalysis
{
    KernelTypes types;
    std::vector<Diagnostic> diagnostics;
};

/// Worker thread: specializes each kernel of `module` with its signatures in `signatures`.
/// Signatures that no longer parse against the kernel's parameters are skipped silently.
KernelAnalysis analyzeKernels(const SourceFile &file,
                              const ast::Module &module,
                              const KernelSignatures &signatures,
                              const std::vector<Diagnostic> &frontEnd);

} // namespace tsm
