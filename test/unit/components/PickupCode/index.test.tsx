import { render, screen } from '@testing-library/react'
import PickupCode, { groupedCode, qrModules } from '@/components/PickupCode'

const PICKUP = { name: '西湖店', address: '浙江省杭州市西湖区文三路 200 号', hours: '每天 09:00-21:00', phone: '0571-88886666', code: '04718265', verifiedAt: null }

/** A pickup order's card on the order details (docs/orders.md "Self-pickup"). */
describe('PickupCode', () => {
  it('shows the point, its hours and phone, the code in two groups and a QR code of it', () => {
    const { container } = render(<PickupCode pickup={PICKUP} />)
    expect(screen.getByText('西湖店')).toBeTruthy()
    expect(screen.getByText('营业时间：每天 09:00-21:00')).toBeTruthy()
    expect(screen.getByText('联系电话：0571-88886666')).toBeTruthy()
    expect(screen.getByText('0471 8265')).toBeTruthy()
    const cells = container.querySelectorAll('.pickup-code__qr-cell')
    const m = qrModules('04718265')
    expect(cells.length).toBe(m.length * m.length)
    expect(container.querySelectorAll('.pickup-code__qr-cell.is-dark').length).toBe(m.flat().filter(Boolean).length)
  })
  it('before payment (no code) shows only the point; after pickup, when, without a QR code', () => {
    const { container, rerender } = render(<PickupCode pickup={{ ...PICKUP, code: null }} />)
    expect(container.querySelector('.pickup-code__digits')).toBeNull()
    rerender(<PickupCode pickup={{ ...PICKUP, verifiedAt: new Date('2026-11-28T10:30:00+08:00').getTime() }} />)
    expect(container.querySelector('.pickup-code__qr')).toBeNull()
    expect(screen.getByText(/^已于 2026-11-2\d \d\d:30 提货$/)).toBeTruthy()
  })
  it('draws a different code differently, and groups only 8 digits', () => {
    expect(qrModules('04718265')).not.toEqual(qrModules('04718266'))
    expect(qrModules('04718265').length).toBe(21)
    expect(groupedCode('12345678')).toBe('1234 5678')
    expect(groupedCode('123')).toBe('123')
  })
})
