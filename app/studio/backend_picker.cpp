#include "app/studio/backend_picker.h"

#include <QJsonArray>
#include <QSettings>

namespace tsm {
namespace {

const char kSettingsKey[] = "run/backend";

QString cudaChoice(int ordinal)
{
    return QStringLiteral("cuda:%1").arg(ordinal);
}

} // namespace

BackendPicker::BackendPicker(QWidget *parent)
    : QComboBox(parent)
{
    setObjectName(QStringLiteral("backendPicker"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    addItem(tr("Default (CUDA if usable)"), QString());
    addItem(tr("Interpreter"), QStringLiteral("interp"));
    setToolTip(tr("Where kernels run: a GPU through the runner process, or Tilesmith's CPU "
                  "interpreter. Asking the runner for the GPUs…"));
    // The saved choice shows at once; a GPU entry until the devices event names it.
    setChoice(QSettings().value(QLatin1String(kSettingsKey)).toString());
    connect(this, &QComboBox::activated, this, [this] {
        QSettings().setValue(QLatin1String(kSettingsKey), choice());
        emit choiceChanged();
    });
}

void BackendPicker::addCudaEntry(int ordinal, const QString &name)
{
    const QString text
        = name.isEmpty() ? tr("CUDA %1").arg(ordinal) : tr("CUDA %1: %2").arg(ordinal).arg(name);
    addItem(text, cudaChoice(ordinal));
}

QString BackendPicker::choice() const
{
    return currentData().toString();
}

QString BackendPicker::backend() const
{
    const QString c = choice();
    return c.startsWith(QStringLiteral("cuda:")) ? QStringLiteral("cuda") : c;
}

int BackendPicker::device() const
{
    const QString c = choice();
    return c.startsWith(QStringLiteral("cuda:")) ? c.mid(5).toInt() : -1;
}

bool BackendPicker::setChoice(const QString &choice)
{
    int i = findData(choice);
    if (choice == QStringLiteral("cuda")) // the first GPU
        for (int k = 0; k < count() && i < 0; ++k)
            if (itemData(k).toString().startsWith(QStringLiteral("cuda:")))
                i = k;
    if (i < 0 && m_devices.isEmpty() && choice.startsWith(QStringLiteral("cuda"))) {
        // Before the runner has listed the GPUs: shown as asked, checked when they arrive.
        const int ordinal = choice == QStringLiteral("cuda") ? 0 : choice.mid(5).toInt();
        addCudaEntry(ordinal, QString());
        i = count() - 1;
    }
    if (i < 0)
        return false;
    setCurrentIndex(i);
    return true;
}

bool BackendPicker::setDevices(const QJsonObject &event)
{
    m_devices = event;
    const QString wanted = choice();
    blockSignals(true);
    for (int i = count() - 1; i >= 0; --i)
        if (itemData(i).toString().startsWith(QStringLiteral("cuda:")))
            removeItem(i);
    const QJsonArray devices = event.value(QStringLiteral("devices")).toArray();
    for (const QJsonValue &d : devices)
        addCudaEntry(d[QStringLiteral("ordinal")].toInt(), d[QStringLiteral("name")].toString());
    const bool kept = setChoice(wanted);
    if (!kept)
        setCurrentIndex(0);
    blockSignals(false);
    if (devices.isEmpty()) {
        const QString why = event.value(QStringLiteral("reason")).toString();
        setToolTip(tr("No CUDA device: %1. Programs run on Tilesmith's CPU interpreter.")
                       .arg(why.isEmpty() ? tr("the runner lists none") : why));
    } else {
        setToolTip(tr("Where kernels run: one of this machine's GPUs (through the runner "
                      "process), or Tilesmith's CPU interpreter"));
    }
    return kept;
}

QJsonObject BackendPicker::chosenDevice() const
{
    const int ordinal = device() >= 0 ? device() : 0;
    if (backend() == QStringLiteral("interp"))
        return {};
    for (const QJsonValue &d : m_devices.value(QStringLiteral("devices")).toArray())
        if (d[QStringLiteral("ordinal")].toInt() == ordinal)
            return d.toObject();
    return {};
}

} // namespace tsm
