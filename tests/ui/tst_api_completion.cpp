// Triton API completion and call tips: names resolved through the file's imports, the module's
// names after '.', a function's signature and doc after '(', and the editor showing them as the
// user types. The torch subset's tips are checked against the harness's torch module: every
// name exists there, every parameter is one it accepts, and the `args.bind` lists of
// core/host/torch_*.cpp give the same parameters.

#include "core/host/interpreter.h"
#include "core/host/library_module.h"
#include "core/host/py_exception.h"
#include "core/host/torch_module.h"
#include "editor/api_completion.h"
#include "editor/kernel_editor.h"
#include "editor/torch_signatures.h"

#include <QDir>
#include <QRegularExpression>
#include <QtTest>

using namespace tsm;

namespace {

const QString kSource = QStringLiteral("import torch\n"
                                       "import triton\n"
                                       "import triton.language as tl\n"
                                       "from triton.language.extra import libdevice\n"
                                       "\n"
                                       "x = 1\n");

/// One parameter of a call tip's first line ("dim=None" after a `*` -> {"dim", keywordOnly}).
struct Param
{
    QString name;
    bool keywordOnly = false;
    bool positionalOnly = false; ///< before a `/`, or `*size`
    bool operator==(const Param &o) const { return name == o.name && keywordOnly == o.keywordOnly; }
};

QList<Param> tipParams(const QString &tip)
{
    const QString first = tip.section(QLatin1Char('\n'), 0, 0);
    const qsizetype open = first.indexOf(QLatin1Char('(')),
                    close = first.lastIndexOf(QLatin1Char(')'));
    QList<Param> out;
    bool keywordOnly = false;
    for (QString p :
         first.mid(open + 1, close - open - 1).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        p = p.trimmed();
        if (p == QLatin1String("/")) {
            for (Param &q : out)
                q.positionalOnly = true;
        } else if (p == QLatin1String("*")) {
            keywordOnly = true;
        } else if (p.startsWith(QLatin1Char('*'))) { // *size
            out.append({p.mid(1), false, true});
            keywordOnly = true;
        } else {
            out.append({p.section(QLatin1Char('='), 0, 0).trimmed(), keywordOnly, false});
        }
    }
    return out;
}

/// A `bind("name", {{"x"}, {"dim", default}, {"k", default, true}})` of the harness's C++: the
/// names in the function-name expression (both of `Log ? "log_softmax" : "softmax"`) and the
/// parameters.
struct BindList
{
    QStringList functions;
    QList<Param> params;
};

QList<BindList> bindLists(const QString &code)
{
    static const QRegularExpression literal(QStringLiteral(R"re("(\w+)")re"));
    static const QRegularExpression spec(QStringLiteral(R"re(\{\s*"(\w+)"\s*(,[^{}]*)?\})re"));
    static const QRegularExpression keywordOnly(QStringLiteral(R"re(,\s*true\s*$)re"));
    QList<BindList> out;
    for (qsizetype at = code.indexOf(QLatin1String("bind(")); at >= 0;
         at = code.indexOf(QLatin1String("bind("), at + 1)) {
        const qsizetype begin = at + 5, brace = code.indexOf(QLatin1Char('{'), begin);
        const QString nameExpr = code.mid(begin, brace - begin);
        if (brace < 0 || nameExpr.contains(QLatin1Char(';'))) // bind(name, params): no list
            continue;
        qsizetype end = brace, depth = 0;
        do {
            depth += code[end] == QLatin1Char('{') ? 1 : code[end] == QLatin1Char('}') ? -1 : 0;
            ++end;
        } while (depth > 0 && end < code.size());
        BindList b;
        for (auto it = literal.globalMatch(nameExpr); it.hasNext();)
            b.functions << it.next().captured(1);
        for (auto it = spec.globalMatch(code.mid(brace + 1, end - brace - 2)); it.hasNext();) {
            const auto m = it.next();
            b.params.append({m.captured(1), m.captured(2).contains(keywordOnly), false});
        }
        if (!b.functions.isEmpty())
            out << b;
    }
    return out;
}

} // namespace

class TestApiCompletion : public QObject
{
    Q_OBJECT

private slots:
    void testModulesResolveThroughImports()
    {
        QCOMPARE(resolveApiModule(QStringLiteral("tl"), kSource), QStringLiteral("triton.language"));
        QCOMPARE(resolveApiModule(QStringLiteral("triton.testing"), kSource), QStringLiteral("triton.testing"));
        QVERIFY(resolveApiModule(QStringLiteral("libdevice"), kSource).endsWith(QStringLiteral("libdevice")));
        QCOMPARE(resolveApiModule(QStringLiteral("x"), kSource), QString());
        QCOMPARE(resolveApiModule(QStringLiteral("tl"), QStringLiteral("import numpy as tl\n")), QString());
    }

    void testCompletionsAndCallTips()
    {
        const QStringList names = apiCompletions(QStringLiteral("tl"), kSource);
        QVERIFY(names.contains(QStringLiteral("load")));
        QVERIFY(names.contains(QStringLiteral("arange")));
        QVERIFY(names.contains(QStringLiteral("float16")));
        QVERIFY(std::is_sorted(names.begin(), names.end()));
        QVERIFY(apiCompletions(QStringLiteral("libdevice"), kSource).contains(QStringLiteral("tanh")));
        QVERIFY(apiCompletions(QStringLiteral("x"), kSource).isEmpty());
        const QString tip = apiCallTip(QStringLiteral("tl.load"), kSource);
        QVERIFY2(tip.startsWith(QStringLiteral("load(pointer")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1Char('\n')), qPrintable(tip)); // and its one-line doc
        QCOMPARE(apiCallTip(QStringLiteral("tl.float16"), kSource), QString()); // not callable
        QCOMPARE(dottedNameBefore(QStringLiteral("    y = tl.math"), 15), QStringLiteral("tl.math"));
        QCOMPARE(dottedNameBefore(QStringLiteral("f(a, tl"), 7), QStringLiteral("tl"));
        QCOMPARE(dottedNameBefore(QStringLiteral("x = 1."), 5), QString());
    }

    void testTorchNamesComeFromTheInterpretersTorch()
    {
        const QString src = QStringLiteral("import torch\nimport torch.nn.functional as F\n");
        const QStringList torch = apiCompletions(QStringLiteral("torch"), src);
        QVERIFY(torch.contains(QStringLiteral("empty_like")));
        QVERIFY(torch.contains(QStringLiteral("randn")));
        QVERIFY(torch.contains(QStringLiteral("float16")));
        QVERIFY(torch.contains(QStringLiteral("testing")));
        QVERIFY(!torch.contains(QStringLiteral("load"))); // tl's, not torch's
        QVERIFY(std::is_sorted(torch.begin(), torch.end()));
        QVERIFY(apiCompletions(QStringLiteral("F"), src).contains(QStringLiteral("softmax")));
        QVERIFY(apiCompletions(QStringLiteral("torch.testing"), src).contains(QStringLiteral("assert_close")));
        QVERIFY(apiCompletions(QStringLiteral("torch.nosuch"), src).isEmpty());
        QVERIFY(apiCompletions(QStringLiteral("torchy"), src).isEmpty());
    }

    void testTorchCallTips()
    {
        const QString src = QStringLiteral("import torch\nimport torch.nn.functional as F\n");
        const QString softmax = apiCallTip(QStringLiteral("torch.softmax"), src);
        QVERIFY2(softmax.startsWith(QStringLiteral("softmax(input, dim, dtype=None)\n")),
                 qPrintable(softmax));
        QVERIFY2(softmax.section(QLatin1Char('\n'), 1).size() > 10, qPrintable(softmax)); // its doc
        const QString silu = apiCallTip(QStringLiteral("F.silu"), src);
        QVERIFY2(silu.startsWith(QStringLiteral("silu(input, inplace=False)\n")), qPrintable(silu));
        const QString close = apiCallTip(QStringLiteral("torch.testing.assert_close"), src);
        QVERIFY2(close.startsWith(QStringLiteral("assert_close(actual, expected, *, ")),
                 qPrintable(close));
        QVERIFY(close.contains(QStringLiteral("rtol=None, atol=None")));
        QVERIFY(apiCallTip(QStringLiteral("torch.nn.functional.layer_norm"), src)
                    .startsWith(QStringLiteral(
                        "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)")));
        QVERIFY(apiCallTip(QStringLiteral("torch.cuda.synchronize"), src)
                    .startsWith(QStringLiteral("synchronize(")));
        // Through `from ... import` too, and not for what is no torch function.
        QVERIFY(apiCallTip(QStringLiteral("testing.assert_close"),
                           QStringLiteral("from torch import testing\n"))
                    .startsWith(QStringLiteral("assert_close(")));
        QCOMPARE(apiCallTip(QStringLiteral("torch.float16"), src), QString());
        QCOMPARE(apiCallTip(QStringLiteral("torch.nosuch"), src), QString());
        QCOMPARE(apiCallTip(QStringLiteral("F.silu"), QStringLiteral("import numpy as F\n")),
                 QString());
    }

    void testEveryTorchTipNamesAHarnessFunction()
    {
        const QString src = QStringLiteral("import torch\n");
        QVERIFY(torchSignatures().size() >= 60);
        QSet<QString> seen;
        for (const TorchSignature &s : torchSignatures()) {
            const QString path = QString::fromUtf8(s.path), tip = QString::fromUtf8(s.tip);
            const QString module = path.section(QLatin1Char('.'), 0, -2),
                          name = path.section(QLatin1Char('.'), -1);
            QVERIFY2(apiCompletions(module, src).contains(name),
                     qPrintable(path + QStringLiteral(": not in the harness's torch")));
            QVERIFY2(tip.startsWith(name + QLatin1Char('(')), qPrintable(path));
            QVERIFY2(tip.count(QLatin1Char('\n')) == 1 && !tip.endsWith(QLatin1Char('\n')),
                     qPrintable(path)); // one doc line
            QVERIFY2(!seen.contains(path), qPrintable(path + QStringLiteral(": twice")));
            seen.insert(path);
            QCOMPARE(apiCallTip(path, src), tip);
        }
        for (const char *path : {"torch.empty",
                                 "torch.zeros",
                                 "torch.ones",
                                 "torch.full",
                                 "torch.arange",
                                 "torch.rand",
                                 "torch.randn",
                                 "torch.randint",
                                 "torch.tensor",
                                 "torch.empty_like",
                                 "torch.zeros_like",
                                 "torch.manual_seed",
                                 "torch.where",
                                 "torch.maximum",
                                 "torch.minimum",
                                 "torch.exp",
                                 "torch.sum",
                                 "torch.max",
                                 "torch.argmax",
                                 "torch.cumsum",
                                 "torch.matmul",
                                 "torch.allclose",
                                 "torch.cat",
                                 "torch.stack",
                                 "torch.nn.functional.gelu",
                                 "torch.nn.functional.cross_entropy",
                                 "torch.nn.functional.rms_norm",
                                 "torch.cuda.get_device_properties"})
            QVERIFY2(seen.contains(QLatin1String(path)), path);
    }

    void testTorchTipParametersAreOnesTheHarnessAccepts()
    {
        // Each parameter a tip lets the user pass by keyword, passed alone to the harness's
        // function: whatever else goes wrong (a missing argument, None for a tensor), the name
        // itself must not be refused.
        host::Interpreter interp;
        const std::shared_ptr<host::LibraryModule> torch = host::makeTorchModule();
        const host::Value x = interp.callValue(*torch->find("ones"),
                                               {host::Value::integer(2), host::Value::integer(2)});
        int probed = 0;
        for (const TorchSignature &s : torchSignatures()) {
            const QStringList parts = QString::fromUtf8(s.path).split(QLatin1Char('.'));
            const host::LibraryModule *m = torch.get();
            for (int i = 1; i + 1 < parts.size() && m; ++i) {
                const host::Value *sub = m->find(parts[i].toStdString());
                m = sub ? sub->as<host::LibraryModule>() : nullptr;
            }
            QVERIFY2(m && m->find(parts.back().toStdString()), s.path);
            const host::Value fn = *m->find(parts.back().toStdString());
            const QList<Param> params = tipParams(QString::fromUtf8(s.tip));
            for (const Param &p : params) {
                if (p.positionalOnly)
                    continue;
                // A tensor-first function gets its tensor, so that the rest reach the binding.
                std::vector<host::Value> positional;
                if (params.front().name == QLatin1String("input")
                    && p.name != QLatin1String("input"))
                    positional.push_back(x);
                QString refused;
                try {
                    interp.callValue(
                        fn, positional, {host::Kwarg{p.name.toStdString(), host::Value()}});
                } catch (const host::PyException &e) {
                    const QString message = QString::fromStdString(e.message());
                    if (message.contains(
                            QStringLiteral("unexpected keyword argument '%1'").arg(p.name))
                        || message.contains(QStringLiteral("takes no keyword arguments")))
                        refused = message;
                } catch (const std::exception &) {
                }
                QVERIFY2(refused.isEmpty(),
                         qPrintable(QStringLiteral("%1(%2=): %3").arg(s.path, p.name, refused)));
                ++probed;
            }
        }
        QVERIFY(probed > 150);
    }

    void testTorchTipsMatchTheHarnessBindLists()
    {
        // Where the C++ names the function in its bind call, the tip lists the same parameters
        // in the same order, keyword-only the same. Tensor-first functions bind what follows
        // `input`; creation functions take dtype / device / requires_grad outside their bind.
        const QDir host(QStringLiteral(TSM_SOURCE_DIR "/core/host"));
        int compared = 0;
        for (const QString &file : host.entryList({QStringLiteral("torch_*.cpp")})) {
            QFile f(host.filePath(file));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QList<BindList> binds = bindLists(QString::fromUtf8(f.readAll()));
            QMap<QString, int> count;
            for (const BindList &b : binds)
                for (const QString &n : b.functions)
                    ++count[n];
            const bool tensorFirst = file == QLatin1String("torch_elementwise.cpp")
                                     || file == QLatin1String("torch_reduce.cpp")
                                     || file == QLatin1String("torch_shape.cpp");
            for (const BindList &b : binds)
                for (const QString &n : b.functions) {
                    if (count[n] > 1) // where(input, other) and where(condition, other): ambiguous
                        continue;
                    QString tip;
                    if (file == QLatin1String("torch_nn.cpp"))
                        tip = torchCallTip(QStringLiteral("torch.nn.functional.") + n);
                    else if (file == QLatin1String("torch_testing.cpp"))
                        tip = torchCallTip(QStringLiteral("torch.testing.") + n);
                    if (tip.isEmpty() && file != QLatin1String("torch_nn.cpp"))
                        tip = torchCallTip(QStringLiteral("torch.") + n);
                    if (tip.isEmpty())
                        continue;
                    QList<Param> want = b.params;
                    if (tensorFirst)
                        want.prepend({QStringLiteral("input")});
                    QList<Param> got = tipParams(tip);
                    if (file == QLatin1String("torch_module.cpp"))
                        got.removeIf([](const Param &p) {
                            return p.name == QLatin1String("dtype")
                                   || p.name == QLatin1String("device")
                                   || p.name == QLatin1String("requires_grad");
                        });
                    auto names = [](const QList<Param> &ps) {
                        QStringList out;
                        for (const Param &p : ps)
                            out << (p.keywordOnly ? QStringLiteral("*") : QString()) + p.name;
                        return out.join(QStringLiteral(", "));
                    };
                    QVERIFY2(got == want,
                             qPrintable(QStringLiteral("%1 %2: tip (%3), bind (%4)")
                                            .arg(file, n, names(got), names(want))));
                    ++compared;
                }
        }
        QVERIFY2(compared >= 20, qPrintable(QString::number(compared)));
    }

    void testTheEditorOffersThemWhileTyping()
    {
        KernelEditor e;
        e.setText(kSource);
        e.setCursorPosition(5, 0);
        QTest::keyClicks(&e, QStringLiteral("y = tl."));
        QVERIFY(e.isListActive());
        e.SendScintilla(QsciScintillaBase::SCI_AUTOCCANCEL);
        QTest::keyClicks(&e, QStringLiteral("load("));
        QVERIFY(e.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE));
        QTest::keyClicks(&e, QStringLiteral("p)"));
        QVERIFY(!e.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE));
        QVERIFY(e.text().contains(QStringLiteral("y = tl.load(p)")));
        // A torch function's tip, through the file's imports.
        e.setText(QStringLiteral("import torch\nimport torch.nn.functional as F\n\n"));
        e.setCursorPosition(2, 0);
        QTest::keyClicks(&e, QStringLiteral("y = F.silu("));
        QVERIFY(e.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE));
    }
};

QTEST_MAIN(TestApiCompletion)
#include "tst_api_completion.moc"
