// Issue 18 item 7: the after-sales reason picker drew its options one row below the selection band. NutUI's
// 3D roller turns each option by 20° per row; the roller must be turned by the selected option's angle so that
// option faces the band (with no value NutUI left the roller at 0°, one row off).
import { render, act } from '@testing-library/react'
import { AFTER_SALE_REASONS } from '@contract/afterSales'
import ReasonPicker from '@/minePages/afterSales/ReasonPicker'

const angle = (transform: string) => Number((transform.match(/rotate3d\(1, 0, 0, (-?[\d.]+)deg\)/) || [])[1])
const flush = () => act(async () => new Promise((r) => setTimeout(r, 50)))

/** The option facing the selection band: its own turn cancels the roller's. */
function optionInBand(): string | undefined {
  const roller = document.querySelector('.nut-pickerview-roller') as HTMLElement
  const items = [...document.querySelectorAll('.nut-pickerview-roller-item')] as HTMLElement[]
  expect(roller).toBeTruthy()
  expect(items.length).toBeGreaterThan(1)
  const turn = angle(roller.style.transform)
  return items.find((el) => angle(el.style.transform) + turn === 0)?.textContent || undefined
}

describe('after-sales reason picker', () => {
  it('opens with the first reason in the selection band', async () => {
    render(<ReasonPicker type='return_refund' visible value='' onPick={() => undefined} onClose={() => undefined} />)
    await flush()
    expect(optionInBand()).toBe(AFTER_SALE_REASONS.return_refund[0])
  })

  it('opens on the reason chosen before', async () => {
    const chosen = AFTER_SALE_REASONS.refund[2]
    render(<ReasonPicker type='refund' visible value={chosen} onPick={() => undefined} onClose={() => undefined} />)
    await flush()
    expect(optionInBand()).toBe(chosen)
  })
})
