#include "app/studio/problems_model.h"

#include "editor/diagnostic_marks.h"

namespace tsm {
namespace {

QString severityText(Severity s)
{
    const std::string_view name = severityName(s);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

QString toolTip(const Problem &p)
{
    QString text = QStringLiteral("%1:%2: %3: %4 [%5]")
                       .arg(p.line)
                       .arg(p.column)
                       .arg(severityText(p.severity), p.message, p.kind);
    for (const QString &note : p.notes)
        text += QStringLiteral("\nnote: ") + note;
    return text;
}

} // namespace

ProblemsModel::ProblemsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    for (Severity s : {Severity::Note, Severity::Warning, Severity::Error})
        m_icons[int(s)] = DiagnosticMarks::severityIcon(s);
}

void ProblemsModel::setProblems(QVector<Problem> problems)
{
    beginResetModel();
    m_problems = std::move(problems);
    endResetModel();
}

int ProblemsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_problems.size());
}

int ProblemsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Problem &p = m_problems.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityText(p.severity);
        case MessageColumn:
            return p.message;
        case KindColumn:
            return p.kind;
        case LocationColumn:
            return QStringLiteral("%1:%2").arg(p.line).arg(p.column);
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn)
            return m_icons[int(p.severity)];
        return {};
    case Qt::ToolTipRole:
        return toolTip(p);
    case SeverityRole:
        return int(p.severity);
    case BeginRole:
        return p.begin;
    case EndRole:
        return p.end;
    case LineRole:
        return p.line;
    case ColumnRole:
        return p.column;
    case KindRole:
        return p.kind;
    }
    return {};
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case MessageColumn:
        return tr("Message");
    case KindColumn:
        return tr("Kind");
    case LocationColumn:
        return tr("Line:Col");
    }
    return {};
}

} // namespace tsm
