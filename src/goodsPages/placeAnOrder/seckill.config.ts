export default definePageConfig({ navigationBarTitleText: '秒杀下单', navigationStyle: 'custom' })
