// ProblemsModel: rows, columns and roles over a check report; always under
// QAbstractItemModelTester.

#include "app/studio/problems_model.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QSignalSpy>
#include <QtTest>

using namespace tsm;

class TestProblemsModel : public QObject
{
    Q_OBJECT

private:
    static QVector<Problem> sample()
    {
        Problem error;
        error.severity = Severity::Error;
        error.kind = QStringLiteral("UnknownTritonFunction");
        error.message = QStringLiteral("'triton.language' has no attribute 'lod'");
        error.begin = 120;
        error.end = 126;
        error.line = 7;
        error.column = 9;
        error.notes = {QStringLiteral("did you mean 'load'?")};
        Problem warning;
        warning.severity = Severity::Warning;
        warning.kind = QStringLiteral("UnusedName");
        warning.message = QStringLiteral("'y' is never used");
        warning.begin = 200;
        warning.end = 201;
        warning.line = 11;
        warning.column = 5;
        return {error, warning};
    }

private slots:
    void emptyModelHasNoRows()
    {
        ProblemsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(ProblemsModel::ColumnCount));
        QCOMPARE(model.headerData(ProblemsModel::LocationColumn, Qt::Horizontal, Qt::DisplayRole)
                     .toString(),
                 QStringLiteral("Line:Col"));
    }

    void displaysEveryColumn()
    {
        ProblemsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProblems(sample());
        QCOMPARE(model.rowCount(), 2);
        auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(text(0, ProblemsModel::SeverityColumn), QStringLiteral("error"));
        QCOMPARE(text(0, ProblemsModel::MessageColumn),
                 QStringLiteral("'triton.language' has no attribute 'lod'"));
        QCOMPARE(text(0, ProblemsModel::KindColumn), QStringLiteral("UnknownTritonFunction"));
        QCOMPARE(text(0, ProblemsModel::LocationColumn), QStringLiteral("7:9"));
        QCOMPARE(text(1, ProblemsModel::SeverityColumn), QStringLiteral("warning"));
        QCOMPARE(text(1, ProblemsModel::LocationColumn), QStringLiteral("11:5"));
    }

    void customRolesCarryTheSpan()
    {
        ProblemsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProblems(sample());
        const QModelIndex first = model.index(0, ProblemsModel::MessageColumn);
        QCOMPARE(first.data(ProblemsModel::BeginRole).toInt(), 120);
        QCOMPARE(first.data(ProblemsModel::EndRole).toInt(), 126);
        QCOMPARE(first.data(ProblemsModel::LineRole).toInt(), 7);
        QCOMPARE(first.data(ProblemsModel::ColumnRole).toInt(), 9);
        QCOMPARE(first.data(ProblemsModel::SeverityRole).toInt(), int(Severity::Error));
        QCOMPARE(first.data(ProblemsModel::KindRole).toString(),
                 QStringLiteral("UnknownTritonFunction"));
        const QString tip = first.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("7:9")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("did you mean 'load'?")), qPrintable(tip));
    }

    void severityColumnHasAnIcon()
    {
        ProblemsModel model;
        model.setProblems(sample());
        const QVariant icon
            = model.index(0, ProblemsModel::SeverityColumn).data(Qt::DecorationRole);
        QVERIFY(icon.canConvert<QIcon>());
        QVERIFY(!icon.value<QIcon>().isNull());
        QVERIFY(!model.index(0, ProblemsModel::MessageColumn).data(Qt::DecorationRole).isValid());
        // error and warning badges differ
        const QImage error = icon.value<QIcon>().pixmap(16).toImage();
        const QImage warning = model.index(1, ProblemsModel::SeverityColumn)
                                   .data(Qt::DecorationRole)
                                   .value<QIcon>()
                                   .pixmap(16)
                                   .toImage();
        QVERIFY(error != warning);
    }

    void replacingProblemsResetsTheModel()
    {
        ProblemsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setProblems(sample());
        model.setProblems(sample().mid(1));
        QCOMPARE(reset.count(), 2);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.problem(0).kind, QStringLiteral("UnusedName"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0, 0).isValid());
    }
};

QTEST_MAIN(TestProblemsModel)
#include "tst_problems_model.moc"
