#include "app/studio/run_progress.h"

#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QProgressBar>

namespace tsm {

RunProgress::RunProgress(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel)
    , m_bar(new QProgressBar)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    m_bar->setTextVisible(false); // the label says it; a busy bar cannot show text
    m_bar->setFixedWidth(120);
    m_bar->setMaximumHeight(14);
    m_bar->hide();
}

QString RunProgress::text() const
{
    return m_label->text();
}

void RunProgress::begin(const QString &request)
{
    m_request = request;
    m_counted = {};
    m_stopped = false;
    m_compiling = false;
    m_label->setText(tr("%1 running…").arg(request));
    m_bar->hide();
}

void RunProgress::show(const Phase &p)
{
    m_compiling = p.what == QStringLiteral("compile");
    if (p.what == QStringLiteral("compile")) {
        m_label->setText(tr("Compiling %1…").arg(p.name));
        m_bar->setRange(0, 0);
    } else if (p.what == QStringLiteral("tests")) {
        m_label->setText(tr("Testing %1/%2").arg(p.done).arg(p.total));
        m_bar->setRange(0, p.total);
        m_bar->setValue(p.done);
    } else if (p.what == QStringLiteral("benchmark")) {
        m_label->setText(tr("Benchmark %1: %2/%3").arg(p.name).arg(p.done).arg(p.total));
        m_bar->setRange(0, p.total);
        m_bar->setValue(p.done);
    } else if (p.what == QStringLiteral("autotune")) {
        m_label->setText(tr("Tuning %1: %2/%3 configs").arg(p.name).arg(p.done).arg(p.total));
        m_bar->setRange(0, p.total);
        m_bar->setValue(p.done);
    } else {
        m_label->setText(tr("%1 running…").arg(m_request));
        m_bar->hide();
        return;
    }
    m_bar->show();
}

void RunProgress::addEvent(const QJsonObject &e)
{
    const QString kind = e.value(QStringLiteral("event")).toString();
    if (kind == QStringLiteral("progress")) {
        const Phase p{e.value(QStringLiteral("what")).toString(), e.value(QStringLiteral("name")).toString(),
                      e.value(QStringLiteral("done")).toInt(), e.value(QStringLiteral("total")).toInt()};
        if (p.what == QStringLiteral("autotune")) {
            m_compiling = false;
            show(p); // inside a test or benchmark cell: m_counted comes back when it ends
            return;
        }
        if (p.what != QStringLiteral("compile")) {
            if (p.total <= 0)
                return; // unknown sizes: nothing to count
            m_counted = p;
        }
        show(p);
    } else if (kind == QStringLiteral("kernel_compiled") || kind == QStringLiteral("diagnostic")) {
        if (m_compiling) // the compile ended (or failed)
            show(m_counted);
    } else if (kind == QStringLiteral("autotune")) {
        show(m_counted); // the tuning ended
    } else if (kind == QStringLiteral("done")) {
        m_stopped = e.value(QStringLiteral("reason")).toString().startsWith(QStringLiteral("cancelled"));
    }
}

void RunProgress::finish(int exitCode)
{
    m_compiling = false;
    m_bar->hide();
    if (m_stopped)
        m_label->setText(tr("%1 stopped").arg(m_request));
    else if (exitCode == 0)
        m_label->setText(tr("last run passed"));
    else if (exitCode < 0)
        m_label->setText(tr("runner failed"));
    else
        m_label->setText(tr("last run failed (exit %1)").arg(exitCode));
    m_stopped = false;
}

} // namespace tsm
