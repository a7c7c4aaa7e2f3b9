import type { Migration } from 'kysely'
import * as m001 from './001_member'
import * as m002 from './002_catalog'
import * as m003 from './003_home'
import * as m004 from './004_trade'
import * as m005 from './005_content'
import * as m006 from './006_promotions'
import * as m007 from './007_after_sales'
import * as m008 from './008_agent'
import * as m009 from './009_wechat'
import * as m010 from './010_catalog_extra'
import * as m011 from './011_search_perf'
import * as m012 from './012_member_disabled'
import * as m013 from './013_job_leases'
import * as m014 from './014_staff'
import * as m022 from './022_documents'
import * as m030 from './030_money'
import * as m045 from './045_rewards'
import * as m055 from './055_settings'
import * as m070 from './070_content_console'
import * as m040 from './040_activity_coupons'
import * as m050 from './050_agent_rules'
import * as m080 from './080_staff_security'
import * as m084 from './084_courier_tracking'
import * as m088 from './088_address_codes'
import * as m091 from './091_visits'
import * as m092 from './092_staff_roles'
import * as m093 from './093_order_price_change'
import * as m095 from './095_sku_codes'
import * as m096 from './096_agent_rate_override'
import * as m097 from './097_limits'
import * as m098 from './098_pickup'
import * as m099 from './099_parcels'
import * as m100 from './100_agent_suspend'
import * as m101 from './101_member_levels'
import * as m102 from './102_agent_team'
import * as m103 from './103_balance'
import * as m104 from './104_balance_permission'
import * as m106 from './106_balance_withdraw'
import * as m107 from './107_group_buy'
import * as m112 from './112_scale_indexes'
import * as m113 from './113_group_buy_buyers'
import * as m114 from './114_console_figures_indexes'
import * as m115 from './115_dashboard_todo_indexes'
import * as m105 from './105_recharge'
import * as m108 from './108_pay_password'

/** Every migration in order; names sort in the order they run. Both dialects run the same list. */
export const migrations: Record<string, Migration> = {
  '001_member': m001,
  '002_catalog': m002,
  '003_home': m003,
  '004_trade': m004,
  '005_content': m005,
  '006_promotions': m006,
  '007_after_sales': m007,
  '008_agent': m008,
  '009_wechat': m009,
  '010_catalog_extra': m010,
  '011_search_perf': m011,
  '012_member_disabled': m012,
  '013_job_leases': m013,
  '014_staff': m014,
  '022_documents': m022,
  '030_money': m030,
  '045_rewards': m045,
  '055_settings': m055,
  '070_content_console': m070,
  '040_activity_coupons': m040,
  '050_agent_rules': m050,
  '080_staff_security': m080,
  '084_courier_tracking': m084,
  '088_address_codes': m088,
  '091_visits': m091,
  '092_staff_roles': m092,
  '093_order_price_change': m093,
  '095_sku_codes': m095,
  '096_agent_rate_override': m096,
  '097_limits': m097,
  '098_pickup': m098,
  '099_parcels': m099,
  '100_agent_suspend': m100,
  '101_member_levels': m101,
  '102_agent_team': m102,
  '103_balance': m103,
  '104_balance_permission': m104,
  '106_balance_withdraw': m106,
  '107_group_buy': m107,
  '105_recharge': m105,
  '108_pay_password': m108,
  '112_scale_indexes': m112,
  '113_group_buy_buyers': m113,
  '114_console_figures_indexes': m114,
  '115_dashboard_todo_indexes': m115,
}
