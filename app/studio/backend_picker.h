#pragma once
// The status bar's backend picker: "Default", "Interpreter", and one "CUDA N: name" entry per
// GPU that the runner's devices event lists (the studio never asks the driver itself). With no
// GPU the CUDA entries are absent and the tooltip says why. The user's choice is kept in
// QSettings ("run/backend": "", "interp" or "cuda:N") and shown before the devices are known.

#include <QComboBox>
#include <QJsonObject>

namespace tsm {

class BackendPicker : public QComboBox
{
    Q_OBJECT

public:
    explicit BackendPicker(QWidget *parent = nullptr);

    /// "" (the default: CUDA when usable), "interp" or "cuda".
    QString backend() const;
    /// The chosen GPU's ordinal, or -1 (the default device).
    int device() const;
    /// "", "interp", "cuda" (the first GPU) or "cuda:N" (before the devices are known, an entry
    /// for it is added); false when there is no such entry. Not saved: the user's own picks are.
    bool setChoice(const QString &choice);
    QString choice() const;
    /// Fills the CUDA entries from a runner "devices" event; keeps the choice when it is still
    /// there, else falls back to Default and returns false.
    bool setDevices(const QJsonObject &devicesEvent);
    /// The devices event's entry of the chosen (or default) device; empty without one.
    QJsonObject chosenDevice() const;

signals:
    /// The user picked an entry (saved already).
    void choiceChanged();

private:
    void addCudaEntry(int ordinal, const QString &name);

    QJsonObject m_devices;
};

} // namespace tsm
